import { z } from 'zod';
import { QueryId } from './envelope.ts';

/**
 * WhatsApp message templates: outside the 24-hour window WhatsApp takes only a template the business has had
 * approved by Meta. The console lists the approved ones of the conversation's WhatsApp number and sends one
 * with its `{{1}}`, `{{2}}`… values filled in.
 */

export const MAX_TEMPLATE_PARAMETER_LENGTH = 1024;

export const WhatsAppTemplate = z.object({
  name: z.string(),
  language: z.string().describe('a Meta language code such as `en_US`'),
  category: z.string().describe('`MARKETING`, `UTILITY` or `AUTHENTICATION`'),
  header: z.string().nullable().describe('a text header, without variables'),
  body: z.string().describe('the body with its `{{n}}` placeholders'),
  footer: z.string().nullable(),
  parameters: z.number().int().describe('how many `{{n}}` values the body takes'),
});
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplate>;

export const WhatsAppTemplatesQuery = z.object({ conversation_id: QueryId });
export type WhatsAppTemplatesQuery = z.infer<typeof WhatsAppTemplatesQuery>;

/** The template a reply sends instead of free text: `POST /messages` with `template`. */
export const TemplateChoice = z.object({
  name: z.string().trim().min(1, 'Choose a template').max(512),
  language: z.string().trim().min(1, 'Choose a template').max(20),
  parameters: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Fill in this value')
        .max(MAX_TEMPLATE_PARAMETER_LENGTH, `At most ${MAX_TEMPLATE_PARAMETER_LENGTH} characters`),
    )
    .max(20)
    .optional()
    .default([]),
});
export type TemplateChoice = z.infer<typeof TemplateChoice>;

/** Sentences of template sends. */
export const TEMPLATE_MESSAGES = {
  onlyWhatsApp: 'Templates are sent through WhatsApp only',
  notApproved: 'This template is not approved for the conversation’s WhatsApp number',
  parameterCount: (n: number) => `This template takes ${n} ${n === 1 ? 'value' : 'values'}`,
  notForNotes: 'A note cannot be a template',
  noFiles: 'A template is sent without files',
};

/** The text a customer receives: header, body with its values in place, footer. */
export function renderTemplate(t: Pick<WhatsAppTemplate, 'header' | 'body' | 'footer'>, values: string[]) {
  const body = t.body.replace(
    /\{\{\s*(\d+)\s*\}\}/g,
    (whole, n: string) => values[Number(n) - 1]?.trim() || whole,
  );
  return [t.header, body, t.footer].filter((part): part is string => !!part).join('\n\n');
}
