/** The send flow's steps, shown by the stepper on the form, the review and the sent package. */
export const SEND_STEPS = ['Details', 'Review', 'Sent'] as const;
