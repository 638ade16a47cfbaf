import type { ReactNode } from "react";
import { Icon } from "../icons";
import type { WhyChooseIcon as IconName } from "../../content/schema";

/** The drawing of each icon on a 24-unit grid; the record type makes sure every icon name has one. */
const drawings: Record<IconName, ReactNode> = {
  "shield-check": (
    <>
      <path d="M12 3 19 6v5.2c0 4.4-2.9 8.2-7 9.8-4.1-1.6-7-5.4-7-9.8V6z" />
      <path d="m8.8 12.2 2.3 2.3 4.3-4.6" />
    </>
  ),
  headset: (
    <>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.6-1.6 2.5-4 2.5h-2" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </>
  ),
  smile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.2a4.5 4.5 0 0 0 7 0" />
      <path d="M9 9.5h.01M15 9.5h.01" />
    </>
  ),
};

interface WhyChooseIconProps {
  name: IconName;
  size?: number;
}

/** A decorative line icon for a Why Choose Us item; the item's title carries the meaning. */
export function WhyChooseIcon({ name, size = 28 }: WhyChooseIconProps) {
  return (
    <Icon size={size} strokeWidth={1.8}>
      {drawings[name]}
    </Icon>
  );
}
