/** An amount in fils (1/100 of a dirham) as the agency writes it: "AED 1,250.50". */
export function formatAed(fils: number): string {
  const dirhams = Math.floor(Math.abs(fils) / 100);
  const rest = String(Math.abs(fils) % 100).padStart(2, "0");
  return `${fils < 0 ? "-" : ""}AED ${dirhams.toLocaleString("en-US")}.${rest}`;
}
