/**
 * SPEC §5's generic form messages, given the field's name as the sentence says it ('The campaign
 * name'). Which of them the forms use, and why the others are not (every such rule already has a
 * message that tells what to type), is in docs/api/forms.md.
 */
export const GENERIC_MESSAGES = {
  /** '{path} must be at least {min} characters'. */
  min: (path: string, min: number): string => `${path} must be at least ${min} characters`,
} as const;
