/**
 * Names shared by the editor's configuration (scripts/cms-config.ts, in Node at build time) and the editor's
 * own script (./main.ts, in the browser): the format and the widget it registers, and where the drawings are.
 */

/** The YAML format that edits a file in place (./yaml-in-place.ts). */
export const inPlaceFormat = "yaml-in-place";

/** The picture field: a drawing, shown as one, or a photo of the media folder (./picture-widget.ts). */
export const pictureWidget = "picture";

/** The drawings' files, copied beside the editor by scripts/admin-files.ts: `${drawingsFolder}/<name>.svg`. */
export const drawingsFolder = "drawings";
