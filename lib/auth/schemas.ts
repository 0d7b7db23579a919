import { z } from 'zod';

export const signInSchema = z.strictObject({
  email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
  password: z.string().min(1, 'Enter your password').max(200),
});
export type SignInInput = z.infer<typeof signInSchema>;
