import { IsString, Length, Matches } from 'class-validator';
import { OPTION_ID_MAX_CHARS, OPTION_TITLE_MAX_CHARS } from '../../limits.js';

/** Printable, no spaces at either end: a channel echoes the id back exactly (WhatsApp's rule). */
const OPTION_ID = /^\S(?:.*\S)?$/u;

/**
 * One choice a reply offers (a clarifying question's options): shown as an interactive reply
 * button where the channel has them, as a numbered line otherwise.
 */
export class ReplyOptionDto {
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  @Matches(OPTION_ID)
  id!: string;

  @IsString()
  @Length(1, OPTION_TITLE_MAX_CHARS)
  title!: string;
}

/** The option of an earlier reply that a customer's message chose (a button tapped, a number sent). */
export class ChoiceDto {
  @IsString()
  @Length(1, OPTION_ID_MAX_CHARS)
  @Matches(OPTION_ID)
  optionId!: string;
}
