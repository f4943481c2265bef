import { z } from 'zod';
import { EMAIL_PATTERN } from '../../../shared/email';

/** Contact form (spec §2/§5): every field required; the email a bare address (shared/email.ts). */
export const contactSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.string().max(254).regex(EMAIL_PATTERN, { error: 'Please enter a valid email address' })),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
});
