/**
 * The floating button that reopens the SMS prompt (SPEC.md §4 "SMS prompt"). It is on every page but
 * the checkout's, so its words are apart from the prompt's copy (./sms-prompt), which loads with the card.
 */
export const SMS_PROMPT_BUTTON = "SMS updates";
