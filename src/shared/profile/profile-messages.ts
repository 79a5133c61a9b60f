// Spec sections 5 and 8: the texts the account form shows and PATCH /api/profile/update returns per field.
// The client translates them by matching these exact English texts (or the keys).

export const profileMessages = {
  phoneCharacters: 'Phone number can only contain digits, spaces, and +()-',
  phoneDigits: 'Phone number must be at least 10 digits',
  phoneTooLong: 'Phone number must be at most 30 characters',
  graduationYearFormat: 'Graduation year must be a 4-digit year (e.g., 2025)',
  linkedinUrl: 'LinkedIn URL must be in format: linkedin.com/in/username',
  portfolioUrl: 'Portfolio URL must be a valid URL (e.g., example.com)',
  // Spec section 5 gives the rule, not a text: the message states the rule.
  githubUsername: 'GitHub username must be 1-39 letters, digits or hyphens, and cannot start or end with a hyphen',
  devpostUsername: 'Devpost username can only contain letters, digits, hyphens and underscores',
  devpostNotVerified: 'Please verify your Devpost username before saving',
  skillEmpty: 'Please enter a skill',
  skillTooLong: 'A skill must be at most 50 characters',
  skillComma: 'A skill cannot contain a comma',
  skillDuplicate: 'Skill already exists',
  skillsMax: 'Maximum 15 skills allowed',
  skillsType: 'Skills must be a list of text values or one comma-separated text',
  schoolTooLong: 'School must be at most 200 characters',
  programTooLong: 'Program must be at most 200 characters',
  textExpected: 'Expected a text value',
  bodyNotObject: 'The request body must be a JSON object',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'A name must be at most 50 characters',
  nameCharacters: 'A name can only contain letters, spaces, hyphens and apostrophes',
  nameIsPlaceholder: 'Please enter your real name',
} as const;

export function graduationYearRangeMessage(low: number, high: number): string {
  return `Graduation year must be between ${low} and ${high}`;
}
