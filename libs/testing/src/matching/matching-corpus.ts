import type { ContactPoint, MatchProfile, MatchReason } from '@app/domain';

/**
 * The truth about a pair: one person, two people of one household, or unrelated. A suggestion is
 * right when the pair is related and it does not call two people one person (a PERSON kind for a
 * HOUSEHOLD pair); a PERSON pair suggested on household evidence alone is still shown to a resolver.
 */
export type Expected = 'PERSON' | 'HOUSEHOLD' | null;

export const CATEGORIES = [
  'ordinary duplicates',
  'ordinary households',
  'ordinary strangers',
  'shared contact points',
  'twins and generations',
  'email typos',
  'initials',
  'birth-date slips',
  'cross-language nicknames',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface MatchCase {
  name: string;
  category: Category;
  a: Partial<MatchProfile>;
  b: Partial<MatchProfile>;
  /** The contact points of the pair known to be shared by unrelated people (a shelter's address). */
  shared?: ContactPoint[];
  expected: Expected;
  reasons?: MatchReason[];
}

const OAK = { addressStreet: '12 North Oak Street, Apt. 3', addressZip: '02139' };
const ELM = { addressStreet: '500 Elm Avenue Apt 12B', addressZip: '60614' };

// One population, in the proportions of a big-city organization: most pairs that share anything
// are ordinary, yet a shelter's residents make many pairs each.
const ORDINARY: MatchCase[] = [
  {
    name: 'exact duplicate',
    category: 'ordinary duplicates',
    a: {
      firstName: 'John',
      lastName: 'Smith',
      dateOfBirth: '1980-05-01',
      phone: '+12025550123',
      ...OAK,
    },
    b: {
      firstName: 'John',
      lastName: 'Smith',
      dateOfBirth: '1980-05-01',
      phone: '+12025550123',
      ...OAK,
    },
    expected: 'PERSON',
    reasons: ['PHONE', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS'],
  },
  {
    name: 'first-name typo, same birth date',
    category: 'ordinary duplicates',
    a: { firstName: 'Jonh', lastName: 'Smith', dateOfBirth: '1980-05-01' },
    b: { firstName: 'John', lastName: 'Smith', dateOfBirth: '1980-05-01' },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'two typos, same birth date',
    category: 'ordinary duplicates',
    a: { firstName: 'Jhon', lastName: 'Smiht', dateOfBirth: '1980-05-01' },
    b: { firstName: 'John', lastName: 'Smith', dateOfBirth: '1980-05-01' },
    expected: 'PERSON',
  },
  {
    name: 'surname spelled with s / z',
    category: 'ordinary duplicates',
    a: { firstName: 'Maria', lastName: 'Gonzales', dateOfBirth: '1975-11-30' },
    b: { firstName: 'Maria', lastName: 'Gonzalez', dateOfBirth: '1975-11-30' },
    expected: 'PERSON',
  },
  {
    name: 'Smyth for Smith',
    category: 'ordinary duplicates',
    a: { firstName: 'Karen', lastName: 'Smyth', dateOfBirth: '1962-02-14' },
    b: { firstName: 'Karen', lastName: 'Smith', dateOfBirth: '1962-02-14' },
    expected: 'PERSON',
  },
  {
    name: 'nickname Bill / William',
    category: 'ordinary duplicates',
    a: { firstName: 'Bill', lastName: 'Turner', dateOfBirth: '1958-07-19' },
    b: { firstName: 'William', lastName: 'Turner', dateOfBirth: '1958-07-19' },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'nickname Liz / Elizabeth at one address written two ways',
    category: 'ordinary duplicates',
    a: { firstName: 'Liz', lastName: 'Carter', ...OAK },
    b: {
      firstName: 'Elizabeth',
      lastName: 'Carter',
      addressStreet: '12 N Oak St #3',
      addressZip: '02139',
    },
    expected: 'PERSON',
    reasons: ['NAME_ADDRESS', 'ADDRESS'],
  },
  {
    name: 'nickname and apostrophe: Katie O’Brien / Katherine OBrien',
    category: 'ordinary duplicates',
    a: { firstName: 'Katie', lastName: 'O’Brien', dateOfBirth: '1990-01-09' },
    b: { firstName: 'Katherine', lastName: 'OBrien', dateOfBirth: '1990-01-09' },
    expected: 'PERSON',
  },
  {
    name: 'first and last name swapped',
    category: 'ordinary duplicates',
    a: { firstName: 'Chen', lastName: 'Wei', dateOfBirth: '1988-03-22' },
    b: { firstName: 'Wei', lastName: 'Chen', dateOfBirth: '1988-03-22' },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'accents dropped',
    category: 'ordinary duplicates',
    a: { firstName: 'José', lastName: 'Hernández', dateOfBirth: '1969-10-02' },
    b: { firstName: 'Jose', lastName: 'Hernandez', dateOfBirth: '1969-10-02' },
    expected: 'PERSON',
  },
  {
    name: 'double surname shortened',
    category: 'ordinary duplicates',
    a: { firstName: 'Ana', lastName: 'García López', dateOfBirth: '1993-06-11' },
    b: { firstName: 'Ana', lastName: 'Garcia', dateOfBirth: '1993-06-11' },
    expected: 'PERSON',
  },
  {
    name: 'Mohammed / Muhammad',
    category: 'ordinary duplicates',
    a: { firstName: 'Mohammed', lastName: 'Ali', dateOfBirth: '1979-12-01' },
    b: { firstName: 'Muhammad', lastName: 'Ali', dateOfBirth: '1979-12-01' },
    expected: 'PERSON',
  },
  {
    name: 'same person moved: new address and phone',
    category: 'ordinary duplicates',
    a: {
      firstName: 'Denise',
      lastName: 'Walker',
      dateOfBirth: '1966-08-08',
      phone: '+13125550177',
      ...ELM,
    },
    b: {
      firstName: 'Denise',
      lastName: 'Walker',
      dateOfBirth: '1966-08-08',
      phone: '+12025550144',
      ...OAK,
    },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'one phone in two formats, nickname, nothing else',
    category: 'ordinary duplicates',
    a: { firstName: 'Bob', lastName: 'Reyes', phone: '(202) 555-0188' },
    b: { firstName: 'Robert', lastName: 'Reyes', phone: '+1 202 555 0188' },
    expected: 'PERSON',
    reasons: ['PHONE'],
  },
  {
    name: 'phone only on one record',
    category: 'ordinary duplicates',
    a: { phone: '+12025550123' },
    b: { firstName: 'Luis', lastName: 'Ortega', phone: '202.555.0123' },
    expected: 'PERSON',
    reasons: ['PHONE'],
  },
  {
    name: 'email in another case and with spaces',
    category: 'ordinary duplicates',
    a: { firstName: 'Ana', lastName: 'Lopez', email: ' Ana.Lopez@Example.org' },
    b: { firstName: 'Anna', lastName: 'Lopes', email: 'ana.lopez@example.org' },
    expected: 'PERSON',
    reasons: ['EMAIL'],
  },
  {
    name: 'maiden name changed after marriage, only first name and birth date shared',
    category: 'ordinary duplicates',
    a: { firstName: 'Sarah', lastName: 'Johnson', dateOfBirth: '1987-02-17', ...OAK },
    b: { firstName: 'Sarah', lastName: 'Williams', dateOfBirth: '1987-02-17', ...ELM },
    expected: 'PERSON',
  },
  {
    name: 'spouses at one address (household)',
    category: 'ordinary households',
    a: { firstName: 'Maria', lastName: 'Lopez', dateOfBirth: '1980-01-01', ...OAK },
    b: { firstName: 'Jose', lastName: 'Lopez', dateOfBirth: '1978-06-30', ...OAK },
    expected: 'HOUSEHOLD',
    reasons: ['ADDRESS'],
  },
  {
    name: 'father and son of one name at one address (household, not one person)',
    category: 'ordinary households',
    a: { firstName: 'John', lastName: 'Miller', dateOfBirth: '1950-03-03', ...ELM },
    b: { firstName: 'John', lastName: 'Miller', dateOfBirth: '1981-11-23', ...ELM },
    expected: 'HOUSEHOLD',
    reasons: ['ADDRESS'],
  },
  {
    name: 'roommates, unit written differently',
    category: 'ordinary households',
    a: { firstName: 'Priya', lastName: 'Patel', ...ELM },
    b: {
      firstName: 'Sam',
      lastName: 'Okafor',
      addressStreet: '500 Elm Ave, Unit 12B',
      addressZip: '60614',
    },
    expected: 'HOUSEHOLD',
    reasons: ['ADDRESS'],
  },
  {
    name: 'shared phone and address (household)',
    category: 'ordinary households',
    a: { firstName: 'Tran', lastName: 'Nguyen', phone: '+13125550101', ...ELM },
    b: { firstName: 'Linh', lastName: 'Nguyen', phone: '+13125550101', ...ELM },
    expected: 'HOUSEHOLD',
    reasons: ['PHONE', 'ADDRESS'],
  },
  {
    name: 'couple with one family email',
    category: 'ordinary households',
    a: { firstName: 'Mark', lastName: 'Evans', email: 'evansfamily@gmail.com' },
    b: { firstName: 'Julia', lastName: 'Evans', email: 'evansfamily@gmail.com' },
    expected: 'HOUSEHOLD',
    reasons: ['EMAIL'],
  },
  {
    name: 'common name, different birth dates and addresses',
    category: 'ordinary strangers',
    a: { firstName: 'John', lastName: 'Smith', dateOfBirth: '1980-05-01', ...OAK },
    b: { firstName: 'John', lastName: 'Smith', dateOfBirth: '1992-10-17', ...ELM },
    expected: null,
  },
  {
    name: 'same name and nothing else known',
    category: 'ordinary strangers',
    a: { firstName: 'Michael', lastName: 'Brown' },
    b: { firstName: 'Michael', lastName: 'Brown' },
    expected: null,
  },
  {
    name: 'same first name and birth date, other surname',
    category: 'ordinary strangers',
    a: { firstName: 'Emily', lastName: 'Davis', dateOfBirth: '1999-12-12' },
    b: { firstName: 'Emily', lastName: 'Clark', dateOfBirth: '1999-12-12' },
    expected: null,
  },
  {
    name: 'Christina and Christopher both called Chris, born apart',
    category: 'ordinary strangers',
    a: { firstName: 'Chris', lastName: 'Johnson', dateOfBirth: '1970-01-20' },
    b: { firstName: 'Chris', lastName: 'Johnson', dateOfBirth: '1984-08-02' },
    expected: null,
  },
  {
    name: 'one building, different apartments',
    category: 'ordinary strangers',
    a: { firstName: 'Priya', lastName: 'Patel', ...ELM },
    b: {
      firstName: 'Dan',
      lastName: 'Cohen',
      addressStreet: '500 Elm Ave Apt 14C',
      addressZip: '60614',
    },
    expected: null,
  },
  {
    name: 'same street line in another ZIP',
    category: 'ordinary strangers',
    a: { firstName: 'Rosa', lastName: 'Diaz', ...OAK },
    b: {
      firstName: 'Ray',
      lastName: 'Holt',
      addressStreet: OAK.addressStreet,
      addressZip: '10001',
    },
    expected: null,
  },
  {
    name: 'same surname and ZIP, other street',
    category: 'ordinary strangers',
    a: { firstName: 'Kevin', lastName: 'Wright', addressStreet: '4 Pine Rd', addressZip: '60614' },
    b: {
      firstName: 'Laura',
      lastName: 'Wright',
      addressStreet: '90 Cedar Ln',
      addressZip: '60614',
    },
    expected: null,
  },
  {
    name: 'nothing in common',
    category: 'ordinary strangers',
    a: {
      firstName: 'Aisha',
      lastName: 'Bello',
      dateOfBirth: '1990-02-02',
      phone: '+12025550111',
      ...OAK,
    },
    b: {
      firstName: 'Tom',
      lastName: 'Fischer',
      dateOfBirth: '1955-06-06',
      phone: '+13125550122',
      ...ELM,
    },
    expected: null,
  },
  {
    name: 'same name, one email a letter apart at another domain',
    category: 'ordinary strangers',
    a: { firstName: 'David', lastName: 'Lee', email: 'dlee@acme.org' },
    b: { firstName: 'David', lastName: 'Lee', email: 'dlee1@globex.com' },
    expected: null,
  },
];

const SHELTER = {
  addressStreet: '220 Harbor Light Way',
  addressZip: '60607',
  phone: '+13125550900',
};
const RESIDENTS: [string, string, string][] = [
  ['Luis', 'Ortega', '1971-03-14'],
  ['Kim', 'Park', '1985-09-02'],
  ['Darnell', 'Hayes', '1968-12-25'],
  ['Rosa', 'Garcia', '1990-07-07'],
  ['Miguel', 'Garcia', '1962-01-30'],
  ['Tyrone', 'Banks', '1979-05-19'],
  ['Olena', 'Shevchenko', '1983-11-11'],
  ['Peter', 'Novak', '1958-04-04'],
  ['Aaliyah', 'Brooks', '1996-02-29'],
  ['Hassan', 'Omar', '1974-08-16'],
];

/** Every pair of ten residents of one shelter: its address and front-desk phone, nothing else. */
const SHELTER_RESIDENTS: MatchCase[] = RESIDENTS.flatMap(([first, last, born], i) =>
  RESIDENTS.slice(i + 1).map(([otherFirst, otherLast, otherBorn]) => ({
    name: `shelter residents ${first} ${last} / ${otherFirst} ${otherLast}`,
    category: 'shared contact points' as const,
    a: { firstName: first, lastName: last, dateOfBirth: born, ...SHELTER },
    b: { firstName: otherFirst, lastName: otherLast, dateOfBirth: otherBorn, ...SHELTER },
    shared: ['PHONE', 'ADDRESS'] as ContactPoint[],
    expected: null,
  })),
);

const CASEWORKER_MAILBOX = 'intake.caseworker@citymission.org';
const AGENCY_CLIENTS: [string, string][] = [
  ['Grace', 'Kim'],
  ['Tom', 'Fischer'],
  ['Ana', 'Mendes'],
  ['Bilal', 'Qureshi'],
  ['Joan', 'Whitfield'],
];

/** Every pair of five clients who gave their caseworker's mailbox, at their own addresses. */
const AGENCY_EMAIL: MatchCase[] = AGENCY_CLIENTS.flatMap(([first, last], i) =>
  AGENCY_CLIENTS.slice(i + 1).map(([otherFirst, otherLast]) => ({
    name: `caseworker mailbox ${first} ${last} / ${otherFirst} ${otherLast}`,
    category: 'shared contact points' as const,
    a: { firstName: first, lastName: last, email: CASEWORKER_MAILBOX },
    b: { firstName: otherFirst, lastName: otherLast, email: CASEWORKER_MAILBOX },
    shared: ['EMAIL'] as ContactPoint[],
    expected: null,
  })),
);

const SHARED: MatchCase[] = [
  ...SHELTER_RESIDENTS,
  ...AGENCY_EMAIL,
  {
    name: 'shelter resident registered twice (same name and birth date)',
    category: 'shared contact points',
    a: { firstName: 'Darnell', lastName: 'Hayes', dateOfBirth: '1968-12-25', ...SHELTER },
    b: { firstName: 'Darnell', lastName: 'Hayes', dateOfBirth: '1968-12-25', ...SHELTER },
    shared: ['PHONE', 'ADDRESS'],
    expected: 'PERSON',
    reasons: ['PHONE', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS'],
  },
  {
    name: 'shelter resident registered twice, once by nickname',
    category: 'shared contact points',
    a: { firstName: 'Peter', lastName: 'Novak', dateOfBirth: '1958-04-04', ...SHELTER },
    b: {
      firstName: 'Pete',
      lastName: 'Novak',
      dateOfBirth: '1958-04-04',
      addressStreet: SHELTER.addressStreet,
      addressZip: SHELTER.addressZip,
    },
    shared: ['ADDRESS'],
    expected: 'PERSON',
  },
  {
    name: 'shelter residents of one surname, nothing else shared',
    category: 'shared contact points',
    a: { firstName: 'Keisha', lastName: 'Johnson', ...SHELTER },
    b: { firstName: 'Marcus', lastName: 'Johnson', ...SHELTER },
    shared: ['PHONE', 'ADDRESS'],
    expected: null,
  },
  {
    name: 'strangers who both gave a day center phone',
    category: 'shared contact points',
    a: { firstName: 'Luis', lastName: 'Ortega', phone: '+13125550199' },
    b: { firstName: 'Kim', lastName: 'Park', phone: '+13125550199' },
    shared: ['PHONE'],
    expected: null,
  },
  {
    name: 'mother and son at a shelter who also share a private phone',
    category: 'shared contact points',
    a: {
      firstName: 'Rosa',
      lastName: 'Garcia',
      phone: '+17735550142',
      addressStreet: SHELTER.addressStreet,
      addressZip: SHELTER.addressZip,
    },
    b: {
      firstName: 'Tomas',
      lastName: 'Garcia',
      phone: '+17735550142',
      addressStreet: SHELTER.addressStreet,
      addressZip: SHELTER.addressZip,
    },
    shared: ['ADDRESS'],
    expected: 'HOUSEHOLD',
    reasons: ['PHONE', 'ADDRESS'],
  },
];

const TWINS: MatchCase[] = [
  {
    name: 'twins Daniel / Daniela at home',
    category: 'twins and generations',
    a: { firstName: 'Daniel', lastName: 'Ruiz', dateOfBirth: '2004-06-15', ...OAK },
    b: { firstName: 'Daniela', lastName: 'Ruiz', dateOfBirth: '2004-06-15', ...OAK },
    expected: 'HOUSEHOLD',
    reasons: ['ADDRESS'],
  },
  {
    name: 'twins Maria / Mario in different homes',
    category: 'twins and generations',
    a: { firstName: 'Maria', lastName: 'Garcia', dateOfBirth: '2003-09-09', ...OAK },
    b: { firstName: 'Mario', lastName: 'Garcia', dateOfBirth: '2003-09-09', ...ELM },
    expected: null,
  },
  {
    name: 'siblings John / Jane with one birth date (twins) in different homes',
    category: 'twins and generations',
    a: { firstName: 'John', lastName: 'Stone', dateOfBirth: '2001-04-04', ...OAK },
    b: { firstName: 'Jane', lastName: 'Stone', dateOfBirth: '2001-04-04', ...ELM },
    expected: null,
  },
  {
    name: 'twins Paul / Paula sharing a phone',
    category: 'twins and generations',
    a: { firstName: 'Paul', lastName: 'Meyer', dateOfBirth: '1999-03-03', phone: '+16175550123' },
    b: { firstName: 'Paula', lastName: 'Meyer', dateOfBirth: '1999-03-03', phone: '+16175550123' },
    expected: 'HOUSEHOLD',
    reasons: ['PHONE'],
  },
  {
    name: 'twins Daniel / Daniela at a shelter',
    category: 'twins and generations',
    a: { firstName: 'Daniel', lastName: 'Ruiz', dateOfBirth: '2004-06-15', ...SHELTER },
    b: { firstName: 'Daniela', lastName: 'Ruiz', dateOfBirth: '2004-06-15', ...SHELTER },
    shared: ['PHONE', 'ADDRESS'],
    expected: null,
  },
  {
    name: 'Jr and Sr at one address, no birth dates',
    category: 'twins and generations',
    a: { firstName: 'Robert', lastName: 'Hill Jr', ...ELM },
    b: { firstName: 'Robert', lastName: 'Hill Sr', ...ELM },
    expected: 'HOUSEHOLD',
    reasons: ['ADDRESS'],
  },
  {
    name: 'Jr and Sr with one phone, no address',
    category: 'twins and generations',
    a: { firstName: 'Robert', lastName: 'Hill Jr.', phone: '+16175550999' },
    b: { firstName: 'Robert', lastName: 'Hill Sr.', phone: '+16175550999' },
    expected: 'HOUSEHOLD',
    reasons: ['PHONE'],
  },
];

const EMAIL_TYPOS: MatchCase[] = [
  {
    name: 'email with two letters swapped',
    category: 'email typos',
    a: { firstName: 'Megan', lastName: 'Hart', email: 'megan.hart@gmail.com' },
    b: { firstName: 'Megan', lastName: 'Hart', email: 'megan.hrat@gmail.com' },
    expected: 'PERSON',
    reasons: ['EMAIL'],
  },
  {
    name: 'email with a letter missing, nickname',
    category: 'email typos',
    a: { firstName: 'Jim', lastName: 'Barnes', email: 'jbarnes71@yahoo.com' },
    b: { firstName: 'James', lastName: 'Barnes', email: 'jbarnes7@yahoo.com' },
    expected: 'PERSON',
    reasons: ['EMAIL'],
  },
  {
    name: 'email on a misspelled provider domain',
    category: 'email typos',
    a: { firstName: 'Sofia', lastName: 'Rossi', email: 'sofiarossi@gmail.com' },
    b: { firstName: 'Sofia', lastName: 'Rossi', email: 'sofiarossi@gmial.com' },
    expected: 'PERSON',
    reasons: ['EMAIL'],
  },
  {
    name: 'email two keys off in a long local part',
    category: 'email typos',
    a: { firstName: 'Nathaniel', lastName: 'Brooks', email: 'nathaniel.brooks@outlook.com' },
    b: { firstName: 'Nathaniel', lastName: 'Brooks', email: 'nathanial.brookes@outlook.com' },
    expected: 'PERSON',
    reasons: ['EMAIL'],
  },
  {
    name: 'near-identical emails of two different people',
    category: 'email typos',
    a: { firstName: 'Anna', lastName: 'Cole', email: 'anna.cole@gmail.com' },
    b: { firstName: 'Alan', lastName: 'Cole', email: 'alan.cole@gmail.com' },
    expected: null,
  },
  {
    name: 'same local part at two unrelated domains',
    category: 'email typos',
    a: { firstName: 'Megan', lastName: 'Hart', email: 'megan.hart@acme.org' },
    b: { firstName: 'Megan', lastName: 'Hart', email: 'megan.hart@initech.com' },
    expected: null,
  },
  {
    name: 'short local parts a letter apart',
    category: 'email typos',
    a: { firstName: 'Ed', lastName: 'Wu', email: 'ed@wu.net' },
    b: { firstName: 'Ed', lastName: 'Wu', email: 'ej@wu.net' },
    expected: null,
  },
];

const INITIALS: MatchCase[] = [
  {
    name: 'J. Whitaker / John Whitaker, same birth date, no address',
    category: 'initials',
    a: { firstName: 'J.', lastName: 'Whitaker', dateOfBirth: '1977-10-21' },
    b: { firstName: 'John', lastName: 'Whitaker', dateOfBirth: '1977-10-21', ...OAK },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'M / Maria Santos, same birth date',
    category: 'initials',
    a: { firstName: 'M', lastName: 'Santos', dateOfBirth: '1964-02-08' },
    b: { firstName: 'Maria', lastName: 'Santos', dateOfBirth: '1964-02-08' },
    expected: 'PERSON',
  },
  {
    name: 'initial of another first letter',
    category: 'initials',
    a: { firstName: 'K.', lastName: 'Whitaker', dateOfBirth: '1977-10-21' },
    b: { firstName: 'John', lastName: 'Whitaker', dateOfBirth: '1977-10-21' },
    expected: null,
  },
  {
    name: 'initial, same surname, other birth date',
    category: 'initials',
    a: { firstName: 'J.', lastName: 'Whitaker', dateOfBirth: '1977-10-21' },
    b: { firstName: 'John', lastName: 'Whitaker', dateOfBirth: '1981-03-02' },
    expected: null,
  },
  {
    name: 'initial, same birth date, other surname',
    category: 'initials',
    a: { firstName: 'J.', lastName: 'Whitman', dateOfBirth: '1977-10-21' },
    b: { firstName: 'John', lastName: 'Whitaker', dateOfBirth: '1977-10-21' },
    expected: null,
  },
];

const DATE_SLIPS: MatchCase[] = [
  {
    name: 'birth date with day and month swapped',
    category: 'birth-date slips',
    a: { firstName: 'Grace', lastName: 'Kim', dateOfBirth: '1985-04-07' },
    b: { firstName: 'Grace', lastName: 'Kim', dateOfBirth: '1985-07-04' },
    expected: 'PERSON',
    reasons: ['NAME_DOB'],
  },
  {
    name: 'day and month swapped, nickname',
    category: 'birth-date slips',
    a: { firstName: 'Tony', lastName: 'Russo', dateOfBirth: '1972-03-11' },
    b: { firstName: 'Anthony', lastName: 'Russo', dateOfBirth: '1972-11-03' },
    expected: 'PERSON',
  },
  {
    name: 'birth date with one digit wrong',
    category: 'birth-date slips',
    a: { firstName: 'Omar', lastName: 'Haddad', dateOfBirth: '1971-09-13' },
    b: { firstName: 'Omar', lastName: 'Haddad', dateOfBirth: '1971-09-18' },
    expected: 'PERSON',
  },
  {
    name: 'day and month swapped, names only alike',
    category: 'birth-date slips',
    a: { firstName: 'Jon', lastName: 'Smithers', dateOfBirth: '1985-04-07' },
    b: { firstName: 'Jan', lastName: 'Smothers', dateOfBirth: '1985-07-04' },
    expected: null,
  },
];

const NICKNAMES: MatchCase[] = [
  ['Sasha', 'Alexander', 'Petrov', '1995-05-05'],
  ['Memo', 'Guillermo', 'Reyes', '1981-08-30'],
  ['Nacho', 'Ignacio', 'Fuentes', '1969-01-17'],
  ['Lalo', 'Eduardo', 'Vargas', '1976-12-03'],
  ['Lola', 'Dolores', 'Herrera', '1948-05-21'],
  ['Chucho', 'Jesus', 'Morales', '1990-10-10'],
  ['Misha', 'Mikhail', 'Ivanov', '1987-07-27'],
].map(([nickname, given, surname, born]) => ({
  name: `nickname ${nickname} / ${given}`,
  category: 'cross-language nicknames' as const,
  a: { firstName: nickname, lastName: surname, dateOfBirth: born },
  b: { firstName: given, lastName: surname, dateOfBirth: born },
  expected: 'PERSON' as const,
  reasons: ['NAME_DOB'] as MatchReason[],
}));

NICKNAMES.push({
  name: 'Nacho and Memo, brothers born apart',
  category: 'cross-language nicknames',
  a: { firstName: 'Nacho', lastName: 'Fuentes', dateOfBirth: '1969-01-17' },
  b: { firstName: 'Memo', lastName: 'Fuentes', dateOfBirth: '1972-04-30' },
  expected: null,
});

export const MATCH_CORPUS: MatchCase[] = [
  ...ORDINARY,
  ...SHARED,
  ...TWINS,
  ...EMAIL_TYPOS,
  ...INITIALS,
  ...DATE_SLIPS,
  ...NICKNAMES,
];
