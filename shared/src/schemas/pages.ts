import Type, { type Static } from "typebox";

/** GET /api/privacy: the privacy policy's plain text, paragraphs separated by blank lines; the first is its title. */
export const PrivacyPolicyResponse = Type.Object({ text: Type.String() });
export type PrivacyPolicyResponse = Static<typeof PrivacyPolicyResponse>;
