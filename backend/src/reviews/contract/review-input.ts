import { z } from 'zod';

const pointList = z
  .array(z.string().max(200, 'Each pro or con must be at most 200 characters'))
  .max(20)
  .default([])
  .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0));

/** Storefront spec §5: the review form's rules, enforced again on the server. */
export const reviewInputSchema = z
  .object({
    rating: z.number({ message: 'Rating must be a number from 1 to 5' }).int('Rating must be a whole number from 1 to 5').min(1, 'Rating must be a number from 1 to 5').max(5, 'Rating must be a number from 1 to 5'),
    title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(255, 'Title must be at most 255 characters'),
    content: z.string({ message: 'Review must be at least 10 characters' }).trim().min(10, 'Review must be at least 10 characters').max(5000, 'Review must be at most 5000 characters'),
    pros: pointList,
    cons: pointList,
  })
  .strict();

export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const voteSchema = z.object({ isHelpful: z.boolean({ message: 'isHelpful must be true or false' }) }).strict();

/** Why the store hides a review: recorded in the audit trail. */
export const hideSchema = z
  .object({ reason: z.string({ message: 'A reason is required' }).trim().min(1, 'A reason is required').max(500) })
  .strict();

export const answerSchema = z
  .object({ response: z.string({ message: 'A response is required' }).trim().min(1, 'A response is required').max(2000) })
  .strict();
