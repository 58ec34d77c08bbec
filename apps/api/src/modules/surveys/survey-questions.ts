export type SurveyQuestionType = 'single_choice' | 'number' | 'zip';

export interface SurveyQuestion {
  id: string;
  text: string;
  type: SurveyQuestionType;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
}

const choice = (id: string, text: string, options: [string, string][]): SurveyQuestion => ({
  id,
  text,
  type: 'single_choice',
  options: options.map(([value, label]) => ({ value, label })),
});

/** The fixed demographic questions; every one is optional. */
export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: 'household_size',
    text: 'How many people live in your household?',
    type: 'number',
    min: 1,
    max: 20,
  },
  choice('age_range', 'What is your age?', [
    ['under_18', 'Under 18'],
    ['18_24', '18–24'],
    ['25_34', '25–34'],
    ['35_44', '35–44'],
    ['45_54', '45–54'],
    ['55_64', '55–64'],
    ['65_plus', '65 or older'],
  ]),
  choice('preferred_language', 'Which language do you prefer?', [
    ['en', 'English'],
    ['es', 'Spanish'],
    ['zh', 'Chinese'],
    ['vi', 'Vietnamese'],
    ['ko', 'Korean'],
    ['tl', 'Tagalog'],
    ['ar', 'Arabic'],
    ['other', 'Other'],
  ]),
  { id: 'zip', text: 'What is your ZIP code?', type: 'zip' },
  choice('household_income', "What is your household's yearly income?", [
    ['under_15k', 'Under $15,000'],
    ['15k_30k', '$15,000–$30,000'],
    ['30k_50k', '$30,000–$50,000'],
    ['50k_75k', '$50,000–$75,000'],
    ['75k_plus', '$75,000 or more'],
  ]),
  choice('veteran', 'Have you served in the U.S. armed forces?', [
    ['yes', 'Yes'],
    ['no', 'No'],
  ]),
  choice('referral_source', 'How did you hear about us?', [
    ['friend_family', 'Friend or family'],
    ['agency', 'Another agency'],
    ['search', 'Web search'],
    ['social', 'Social media'],
    ['211', '211'],
    ['other', 'Other'],
  ]),
];

export const SURVEY_QUESTION_IDS = SURVEY_QUESTIONS.map((question) => question.id);
