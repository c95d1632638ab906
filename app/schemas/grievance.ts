import { z } from "zod";
import { emailSchema, nameSchema } from "~/schemas/api";
import { GRIEVANCE_ANSWER_MAX, GRIEVANCE_MESSAGES, GRIEVANCE_SUBJECTS, GRIEVANCE_TEXT_MAX, GRIEVANCE_TEXT_MIN } from "~/schemas/grievance-constants";
import { controlCharactersMessage, hasControlCharacters } from "~/schemas/text";

/**
 * The grievance form and staff's answer (issue 25 item 3; docs/decisions/0750), parsed on the
 * server only (full zod). Name and email by sign-up's rules; the order number optional (the
 * service checks it is the shopper's own); the text trimmed, line breaks and tabs kept, any other
 * control character refused (docs/decisions/0340).
 */

const SUBJECT_VALUES = GRIEVANCE_SUBJECTS.map((subject) => subject.value) as [string, ...string[]];

/** A text area's rule: trimmed, `min`..`max` characters, no control character but line breaks and tabs. */
function multiline(label: string, messages: { required: string; tooShort: string; tooLong: string }, min: number, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(min, messages.tooShort)
    .max(max, messages.tooLong)
    .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, " ")), controlCharactersMessage(label));
}

export const grievanceFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  orderId: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,45}$/, GRIEVANCE_MESSAGES.orderInvalid)
      .optional(),
  ),
  subject: z.enum(SUBJECT_VALUES, { error: GRIEVANCE_MESSAGES.subject }),
  text: multiline("Your complaint", { required: GRIEVANCE_MESSAGES.textRequired, tooShort: GRIEVANCE_MESSAGES.textTooShort, tooLong: GRIEVANCE_MESSAGES.textTooLong }, GRIEVANCE_TEXT_MIN, GRIEVANCE_TEXT_MAX),
});

export type GrievanceForm = z.infer<typeof grievanceFormSchema>;

export const grievanceAnswerSchema = z.object({
  answer: multiline("The answer", { required: GRIEVANCE_MESSAGES.answerRequired, tooShort: GRIEVANCE_MESSAGES.answerRequired, tooLong: GRIEVANCE_MESSAGES.answerTooLong }, 1, GRIEVANCE_ANSWER_MAX),
});
