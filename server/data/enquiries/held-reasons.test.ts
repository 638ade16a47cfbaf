import { describe, expect, it } from "vitest";
import { spamReasonInWords } from "./held-reasons";

describe("why a submission was held, in plain words for the office (issue 35, item 8)", () => {
  it.each([
    ["honeypot filled", "a hidden field only robots fill in was filled"],
    ["no proof of work", "it came without the check every visitor's browser does in the background"],
    ["proof of work unreadable", "the check every visitor's browser does in the background could not be read"],
    ["proof of work invalid", "the check every visitor's browser does in the background was wrong"],
    ["proof of work expired", "the check every visitor's browser does in the background was too old"],
    ["proof of work used before", "it carried a check another submission had already used: a copy sent again"],
    [
      "sent 0.4 s after the form was first touched (at least 3 s)",
      "it was sent 0.4 seconds after the form was first touched, quicker than a person fills it in (3 seconds at least)",
    ],
    [
      "sent 1.0 s after the form was first touched (at least 1 s)",
      "it was sent 1.0 seconds after the form was first touched, quicker than a person fills it in (1 second at least)",
    ],
  ])("%s: %s", (stored, words) => {
    expect(spamReasonInWords(stored)).toBe(words);
  });

  it("says each of several reasons, and keeps a reason it does not know as it is", () => {
    expect(spamReasonInWords("honeypot filled, no proof of work")).toBe(
      "a hidden field only robots fill in was filled, and it came without the check every visitor's browser does in the background",
    );
    expect(spamReasonInWords("a link in the message")).toBe("a link in the message");
  });
});
