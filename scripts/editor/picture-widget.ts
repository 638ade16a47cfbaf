/**
 * The editor's picture field (widget "picture", registered by ./main.ts). A picture of the site is either one of
 * its drawings, by name (app/content/illustrations.ts), or a photo of content/images (`images/<file>`).
 * Decap's image widget knew only photos: it showed a drawing's name as an empty frame and asked the local
 * backend for a file "content/images/<name>" that does not exist, which decap-server answers with a 500.
 *
 * This control shows a choice of drawings above the picture: a drawing is shown as the picture itself (its SVG,
 * copied beside the editor), and "A photo" hands the field to Decap's own image control, with its media library
 * and upload, for photos only. It is written against the React that Decap's bundle exposes (`window.h`,
 * `window.createClass`): a class, because Decap asks a control's instance whether it should update.
 */

type Props = Record<string, unknown> & {
  value?: unknown;
  forID: string;
  classNameWrapper: string;
  hasActiveStyle?: boolean;
  onChange: (value: string) => void;
  setActiveStyle?: () => void;
  setInactiveStyle?: () => void;
};

export type CreateElement = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
export type CreateClass = (spec: Record<string, unknown>) => unknown;

interface Inner {
  shouldComponentUpdate?: (next: Props) => boolean;
}

interface Instance {
  props: Props;
  inner?: Inner;
}

/** The text of the choice for "a photo": the field then shows Decap's image control. */
export const photoChoice = "A photo (choose or upload it below)";

export function drawingChoice(name: string): string {
  return `Drawing: ${name.replace(/-/g, " ")}`;
}

export function pictureControl(
  h: CreateElement,
  createClass: CreateClass,
  imageControl: unknown,
  drawings: readonly string[],
  drawingUrl: (name: string) => string,
): unknown {
  const isDrawing = (value: unknown): value is string => typeof value === "string" && drawings.includes(value);
  return createClass({
    displayName: "PictureControl",

    // Decap's image control re-renders when a photo is picked in the media library (its `mediaPaths`), which
    // Decap asks it through this method: asked for the field, this answers for it.
    shouldComponentUpdate(this: Instance, next: Props): boolean {
      const { value, classNameWrapper, hasActiveStyle } = this.props;
      if (
        next.value !== value ||
        next.classNameWrapper !== classNameWrapper ||
        next.hasActiveStyle !== hasActiveStyle
      ) {
        return true;
      }
      return this.inner?.shouldComponentUpdate?.(next) ?? false;
    },

    render(this: Instance): unknown {
      const { value, forID, classNameWrapper, onChange, setActiveStyle, setInactiveStyle } = this.props;
      const drawing = isDrawing(value) ? value : undefined;
      const choice = h(
        "select",
        {
          id: forID,
          value: drawing ?? "",
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
          style: { display: "block", font: "inherit", padding: "8px", marginBottom: "12px", maxWidth: "100%" },
        },
        h("option", { value: "" }, photoChoice),
        ...drawings.map((name) => h("option", { key: name, value: name }, drawingChoice(name))),
      );
      const picture =
        drawing === undefined
          ? h(imageControl, {
              ...this.props,
              classNameWrapper: "",
              ref: (instance: Inner | null) => {
                this.inner = instance ?? undefined;
              },
            })
          : h("img", {
              src: drawingUrl(drawing),
              alt: drawingChoice(drawing),
              width: 320,
              height: 200,
              style: { display: "block", width: "320px", height: "200px", objectFit: "cover", borderRadius: "4px" },
            });
      return h("div", { className: classNameWrapper }, choice, picture);
    },
  });
}
