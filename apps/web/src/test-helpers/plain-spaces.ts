/** The text with the non-breaking spaces of formatted money and numbers as plain ones. */
export function plainSpaces(text: string | null | undefined): string {
  return (text ?? "").replace(/[\u00a0\u202f]/g, " ");
}
