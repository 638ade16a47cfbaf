/**
 * The Web Worker that makes a passport photo ready for the OCR engine (prepare.ts), away from the page's thread:
 * the page stays responsive while a large photo is decoded, turned and cleaned. One message in (the photo), one
 * out (the zone's PNG and box, or the error's words).
 */
import { preparePhoto } from "./prepare";

interface Scope {
  addEventListener(type: "message", listener: (event: MessageEvent<{ id: number; image: Blob }>) => void): void;
  postMessage(message: unknown): void;
}

const scope = self as unknown as Scope;

scope.addEventListener("message", (event) => {
  const { id, image } = event.data;
  preparePhoto(image).then(
    (prepared) => scope.postMessage({ id, prepared }),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
