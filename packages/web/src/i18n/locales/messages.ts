/** A locale's texts: nested groups of strings (plural forms as key_one, key_few, … per language). */
export interface Messages {
  [key: string]: string | Messages;
}
