/* Papers the tests send (issue 56). */

import { CaseStore } from "../data/cases/store";
import { type DocumentsKey, Keyring } from "../data/cases/vault";
import { openDatabase } from "../data/open";

/** A small, well-formed PDF with the given number of pages (its cross-reference table's offsets right). */
export function pdf(pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"),
  ];
  let text = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** An SQLite database at `path` holding one case with one paper sealed under `key` (a backup from another server). */
export async function databaseWithPaper(path: string, key: DocumentsKey): Promise<void> {
  const database = await openDatabase({ engine: "sqlite", path });
  try {
    const cases = new CaseStore(database, new Keyring([key]));
    const id = await cases.start(
      {
        enquiryId: null,
        name: "Maria",
        phone: null,
        email: null,
        service: "Visa",
        kind: "visit-visa",
        travelDate: null,
      },
      null,
      new Date(),
    );
    await cases.addPaper(
      id,
      { paperKey: "photo", name: "me.jpg", type: "image/jpeg", bytes: Buffer.from("jpeg"), width: 1, height: 1 },
      null,
      new Date(),
    );
  } finally {
    await database.close();
  }
}
