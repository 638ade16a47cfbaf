// @vitest-environment node
import { describe, expect, it } from "vitest";
import { column, displayWidth, forMail, oneLine, visible } from "./text";

describe("issue 34, finding 9: visible() shows every bidirectional control and invisible character", () => {
  it.each([
    ["U+061C arabic letter mark", "\u061c", "[U+061C]"],
    ["U+200E left-to-right mark", "\u200e", "[U+200E]"],
    ["U+200F right-to-left mark", "\u200f", "[U+200F]"],
    ["U+202A left-to-right embedding", "\u202a", "[U+202A]"],
    ["U+202B right-to-left embedding", "\u202b", "[U+202B]"],
    ["U+202C pop directional formatting", "\u202c", "[U+202C]"],
    ["U+202D left-to-right override", "\u202d", "[U+202D]"],
    ["U+202E right-to-left override", "\u202e", "[U+202E]"],
    ["U+2066 left-to-right isolate", "\u2066", "[U+2066]"],
    ["U+2067 right-to-left isolate", "\u2067", "[U+2067]"],
    ["U+2068 first strong isolate", "\u2068", "[U+2068]"],
    ["U+2069 pop directional isolate", "\u2069", "[U+2069]"],
    ["U+200B zero-width space", "\u200b", "[U+200B]"],
    ["U+2060 word joiner", "\u2060", "[U+2060]"],
    ["U+FEFF zero-width no-break space", "\ufeff", "[U+FEFF]"],
    ["U+00AD soft hyphen", "\u00ad", "[U+00AD]"],
    ["U+180E mongolian vowel separator", "\u180e", "[U+180E]"],
    ["U+3164 hangul filler", "\u3164", "[U+3164]"],
    ["U+FFF9 interlinear annotation anchor", "\ufff9", "[U+FFF9]"],
    ["U+E0041 a tag character outside a flag", "\u{e0041}", "[U+E0041]"],
    ["U+0000 null", "\u0000", "[U+0000]"],
    ["U+001B escape", "\u001b", "[U+001B]"],
    ["U+007F delete", "\u007f", "[U+007F]"],
    ["U+0085 next line", "\u0085", "[U+0085]"],
    ["U+2028 line separator", "\u2028", "[U+2028]"],
  ])("%s", (_name, char, marker) => {
    const shown = visible(`Aisha${char}gpj.exe`);
    expect(shown).toBe(`Aisha${marker}gpj.exe`);
    expect(shown).not.toContain(char);
  });

  it("keeps what writes real names and messages: scripts, joiners, emoji and their flags, line breaks", () => {
    const kept = [
      "عائشة خان",
      "می‌خواهم", // Persian needs the zero-width non-joiner
      "👨‍👩‍👧", // a family: zero-width joiners
      "🏴󠁧󠁢󠁳󠁣󠁴󠁿", // Scotland's flag: tag characters after a black flag
      "Line one\nline two\r\n\tindented",
    ];
    for (const text of kept) expect(visible(text)).toBe(text);
  });

  it("oneLine() shows them too, and makes line breaks and tabs spaces", () => {
    expect(oneLine("a\u202eb\nc\td")).toBe("a[U+202E]b c d");
  });
});

describe("issue 34, finding 8: forMail() makes visitor text plain text of a sensible length", () => {
  it("breaks every link a mail program would make", () => {
    const shown = forMail("Please verify https://evil.example/office/sign-in now", 200);
    expect(shown).toBe("Please verify hxxps://evil[.]example/office/sign-in now");
    expect(forMail("HTTP://Evil.Example", 80)).toBe("HxxP://Evil[.]Example");
    expect(forMail("go to www.evil.example/x or evil.co.uk", 80)).toBe(
      "go to www[.]evil[.]example/x or evil[.]co[.]uk",
    );
    expect(forMail("ftp://files.example", 80)).toBe("ftp[:]//files[.]example");
    expect(forMail("write to me@evil.example", 80)).toBe("write to me@evil[.]example");
    expect(forMail("пример.рф and 例え.テスト", 80)).toBe("пример[.]рф and 例え[.]テスト");
    for (const text of [
      forMail("Please verify https://evil.example/office/sign-in now", 200),
      forMail("www.evil.example", 80),
      forMail("evil.example/office", 80),
    ]) {
      expect(text).not.toMatch(/https?:\/\//i);
      expect(text).not.toMatch(/[a-z0-9-]\.[a-z]{2,}/i);
    }
  });

  it("leaves ordinary names, numbers and visa types as they are", () => {
    for (const text of ["Aisha Khan", "J.R. Smith", "Tourist Visa (30 days)", "2.5 adults", "+971 50 123 4567"]) {
      expect(forMail(text, 80)).toBe(text);
    }
  });

  it("is one line, with its control characters shown", () => {
    expect(forMail("Aisha\u202egpj.exe\nsecond line", 80)).toBe("Aisha[U+202E]gpj[.]exe second line");
  });

  it("cuts a long text to the length given, ending in an ellipsis", () => {
    const long = "A".repeat(30_000);
    const shown = forMail(long, 80);
    expect(Array.from(shown)).toHaveLength(80);
    expect(shown.endsWith("…")).toBe(true);
    expect(forMail("Aisha", 80)).toBe("Aisha");
  });
});

// Issue 59, item 9: `npm run enquiries` kept its columns only for left-to-right names of one-column characters.
describe("column(): a table cell of a fixed width on a terminal, whatever script the text is in", () => {
  const width = (text: string) => displayWidth(text.replace(/[\u2068\u2069]/g, ""));

  it("pads and cuts by the width a terminal draws, not by UTF-16 units", () => {
    expect(column("Aisha", 8)).toBe("Aisha   ");
    expect(width(column("Zoë Müller", 8))).toBe(8);
    // Combining marks (an Arabic name with its vowel marks) take no column; wide characters and emoji take two.
    expect(displayWidth("مُحَمَّد")).toBe(4);
    expect(displayWidth("李小龙")).toBe(6);
    expect(displayWidth("👍🏽")).toBe(2);
    expect(width(column("李小龙李小龙", 7))).toBe(7);
    expect(column("A very long name indeed", 10)).toBe("A very lo…");
  });

  it("isolates right-to-left text, so it cannot carry the columns after it into its own direction", () => {
    const cell = column("فاطمة الزهراء", 20);
    expect(cell.startsWith("\u2068فاطمة الزهراء\u2069")).toBe(true);
    expect(width(cell)).toBe(20);
    // Left-to-right text is left as it is.
    expect(column("Aisha", 8)).not.toContain("\u2068");
  });

  it("a visitor's own direction marks are shown, never obeyed", () => {
    const cell = column("Evil\u202Eeman", 12);
    expect(cell).not.toContain("\u202E");
  });
});
