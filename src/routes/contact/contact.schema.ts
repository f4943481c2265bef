import { z } from 'zod';

/** Contact form (spec §2/§5): every field required; the email must look like one. */
export const contactSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
});
