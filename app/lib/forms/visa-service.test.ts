import { describe, expect, it } from "vitest";
import { acceptedVisaLabel, longestVisaLabel, pickedVisaLabel, serviceName } from "./visa-service";

describe("pickedVisaLabel (issue 35, item 3)", () => {
  it("names the option the visitor picked on a Dubai form, whose value is another text", () => {
    expect(pickedVisaLabel("dubai-visa", "60 Days Dubai Visa")).toBe("Visa Change Service");
    expect(pickedVisaLabel("about", "90 Days Dubai Leisure Visa")).toBe("Dummy Ticket");
    expect(pickedVisaLabel("services", "14 Days Dubai Visa")).toBe("Dubai Transist Visa");
  });

  it("names the general options as they are sent", () => {
    expect(pickedVisaLabel("tourist-visa", "Visa Change")).toBe("Visa Change");
  });

  it("has no label for the Dubai forms' default, which is no option: the visitor picked nothing", () => {
    expect(pickedVisaLabel("dubai-visa", "Dubai Visa")).toBeNull();
    expect(pickedVisaLabel("tourist-visa", "60 Days Dubai Visa")).toBeNull();
  });
});

describe("acceptedVisaLabel (issue 35, item 3)", () => {
  it("accepts a label the site offers for the value sent", () => {
    expect(acceptedVisaLabel("60 Days Dubai Visa", "Visa Change Service")).toBe("Visa Change Service");
    expect(acceptedVisaLabel("Tourist Visa", "Tourist Visa")).toBe("Tourist Visa");
  });

  it("ignores a label sent with another value, a made-up one, an empty one, none and a very long one", () => {
    expect(acceptedVisaLabel("30 Days Dubai Visa", "Visa Change Service")).toBeNull();
    expect(acceptedVisaLabel("60 Days Dubai Visa", "Cheap visas, click here")).toBeNull();
    expect(acceptedVisaLabel("60 Days Dubai Visa", "")).toBeNull();
    expect(acceptedVisaLabel("60 Days Dubai Visa", undefined)).toBeNull();
    expect(acceptedVisaLabel("60 Days Dubai Visa", "x".repeat(longestVisaLabel + 1))).toBeNull();
  });
});

describe("serviceName (issue 35, item 3)", () => {
  it("shows the label picked, with the value sent beside it where they differ", () => {
    expect(serviceName("60 Days Dubai Visa", "Visa Change Service")).toBe(
      "Visa Change Service (sent as 60 Days Dubai Visa)",
    );
  });

  it("shows the label alone where it is the value", () => {
    expect(serviceName("Visa Change", "Visa Change")).toBe("Visa Change");
  });

  it("shows the value as before when no label is known", () => {
    expect(serviceName("60 Days Dubai Visa", null)).toBe("60 Days Dubai Visa");
    expect(serviceName("Dubai Visa", undefined)).toBe("Dubai Visa");
  });
});
