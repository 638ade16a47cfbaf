/**
 * The editor's own script, bundled by scripts/admin-files.ts into /admin/editor.js and loaded after Decap's
 * bundle, before Decap starts (both deferred; the configuration script starts it once the page is parsed): it
 * registers the YAML format that edits a file in place and the picture field. Browser code, no Node.
 */
import { illustrationNames } from "../../app/content/illustrations.ts";
import { drawingsFolder, inPlaceFormat, pictureWidget } from "./names.ts";
import { pictureControl, type CreateClass, type CreateElement } from "./picture-widget.ts";
import { fromFile, toFile } from "./yaml-in-place.ts";

interface DecapGlobal {
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile: (text: string) => unknown; toFile: (data: Record<string, unknown>) => string },
  ): void;
  registerWidget(name: string, control: unknown): void;
  getWidget(name: string): { control: unknown } | undefined;
}

const page = window as unknown as { CMS: DecapGlobal; h: CreateElement; createClass: CreateClass };
const cms = page.CMS;
/** This script's own address (/admin/editor.js): the drawings are in a folder beside it. */
const here = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;

cms.registerCustomFormat(inPlaceFormat, "yaml", { fromFile, toFile });

const image = cms.getWidget("image");
if (image === undefined) throw new Error("editor.js: Decap's image widget is not registered");
cms.registerWidget(
  pictureWidget,
  pictureControl(
    page.h,
    page.createClass,
    image.control,
    illustrationNames,
    (name) => new URL(`${drawingsFolder}/${name}.svg`, here).pathname,
  ),
);

// A phone's browser lays the editor out 800 px wide (its forms are no narrower) and shows a screen's width of it:
// the note that the editor is made for a computer (in the page, shown on narrow screens) is kept to the screen.
const note = document.querySelector<HTMLElement>(".narrow-screen");
if (note !== null) {
  const fit = () => {
    note.classList.toggle("small-screen", screen.width < 800);
    note.style.maxWidth = `${Math.min(screen.width, window.innerWidth)}px`;
  };
  fit();
  window.addEventListener("resize", fit);
}
