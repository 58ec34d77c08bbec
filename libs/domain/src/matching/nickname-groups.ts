/**
 * Given names and the short forms people go by, as data: each list names where its groups come
 * from. A name may belong to several groups (ted, alex, sasha); a group's first name is the form a
 * nickname stands for in search keys (see canonicalName).
 */
export interface NicknameSource {
  source: string;
  groups: readonly (readonly string[])[];
}

// prettier-ignore
export const NICKNAME_SOURCES: readonly NicknameSource[] = [
  {
    source:
      'English diminutives: the nickname lists of the US Social Security Administration name data ' +
      'and carltonnorthern/nicknames (names.csv, Apache-2.0), common groups only',
    groups: [
      ['william', 'bill', 'billy', 'will', 'willy', 'willie', 'liam'],
      ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
      ['richard', 'rick', 'ricky', 'rich', 'richie', 'dick'],
      ['james', 'jim', 'jimmy', 'jamie'],
      ['john', 'jack', 'johnny', 'jon'],
      ['jonathan', 'jon', 'jonny', 'nathan'],
      ['joseph', 'joe', 'joey'],
      ['michael', 'mike', 'mikey', 'mick', 'mickey'],
      ['thomas', 'tom', 'tommy'],
      ['charles', 'charlie', 'chuck', 'chas'],
      ['christopher', 'chris', 'kit'],
      ['christina', 'christine', 'chris', 'tina', 'chrissy'],
      ['daniel', 'dan', 'danny'],
      ['david', 'dave', 'davey'],
      ['edward', 'ed', 'eddie', 'ted', 'ned'],
      ['theodore', 'ted', 'teddy', 'theo'],
      ['anthony', 'tony'],
      ['andrew', 'andy', 'drew'],
      ['alexander', 'alex', 'al', 'xander', 'sandy', 'sasha'],
      ['alexandra', 'alex', 'alexa', 'sandy', 'sasha'],
      ['benjamin', 'ben', 'benny', 'benji'],
      ['matthew', 'matt', 'matty'],
      ['nicholas', 'nick', 'nicky'],
      ['samuel', 'sam', 'sammy'],
      ['samantha', 'sam', 'sammy'],
      ['stephen', 'steven', 'steve', 'stevie'],
      ['gregory', 'greg'],
      ['patrick', 'pat', 'paddy'],
      ['patricia', 'pat', 'patty', 'trish', 'tricia'],
      ['timothy', 'tim', 'timmy'],
      ['kenneth', 'ken', 'kenny'],
      ['ronald', 'ron', 'ronnie'],
      ['donald', 'don', 'donnie'],
      ['raymond', 'ray'],
      ['lawrence', 'larry'],
      ['gerald', 'gerry', 'jerry'],
      ['jeffrey', 'jeff'],
      ['francis', 'frank', 'frankie'],
      ['elizabeth', 'liz', 'lizzie', 'beth', 'betty', 'betsy', 'eliza', 'libby'],
      ['margaret', 'maggie', 'meg', 'peggy', 'marge', 'margie', 'greta'],
      ['katherine', 'catherine', 'kathryn', 'kate', 'katie', 'kathy', 'cathy', 'kat', 'kitty'],
      ['jennifer', 'jen', 'jenny'],
      ['jessica', 'jess', 'jessie'],
      ['rebecca', 'becky', 'becca'],
      ['deborah', 'debra', 'deb', 'debbie'],
      ['susan', 'sue', 'susie', 'suzanne'],
      ['victoria', 'vicky', 'tori'],
      ['kimberly', 'kim'],
      ['pamela', 'pam'],
      ['barbara', 'barb', 'barbie'],
      ['dorothy', 'dot', 'dottie'],
      ['abigail', 'abby', 'gail'],
      ['jacqueline', 'jackie'],
      ['cynthia', 'cindy'],
    ],
  },
  {
    source:
      'Spanish hipocorísticos: Real Academia Española, Diccionario panhispánico de dudas ' +
      '("hipocorístico") and es.wikipedia.org/wiki/Hipocorístico (list of Spanish given names)',
    groups: [
      ['jose', 'pepe', 'chepe', 'pepito'],
      ['antonio', 'tony', 'toni', 'tono', 'tonio'],
      ['francisco', 'frank', 'paco', 'pancho', 'cisco', 'kiko', 'curro'],
      ['dolores', 'lola', 'lolita'],
      ['guadalupe', 'lupe', 'lupita'],
      ['jesus', 'chuy', 'chucho'],
      ['enrique', 'quique'],
      ['eduardo', 'lalo'],
      ['alejandro', 'alex', 'alejo'],
      ['manuel', 'manny', 'manolo'],
      ['roberto', 'beto'],
      ['alberto', 'beto'],
      ['guillermo', 'memo', 'guille'],
      ['ignacio', 'nacho'],
      ['fernando', 'nando'],
      ['rafael', 'rafa'],
      ['gregorio', 'goyo'],
      ['vicente', 'chente'],
      ['lorenzo', 'lencho'],
      ['rosario', 'chayo', 'charo'],
      ['consuelo', 'chelo'],
      ['concepcion', 'concha', 'conchita'],
      ['mercedes', 'meche'],
      ['graciela', 'chela'],
      ['refugio', 'cuca', 'cuco'],
      ['luis', 'lucho'],
    ],
  },
  {
    source:
      'Russian diminutives: en.wikipedia.org/wiki/Russian_given_name (section "Diminutives") and ' +
      'Wiktionary Appendix:Russian given names',
    groups: [
      ['alexander', 'sasha', 'shura'],
      ['alexandra', 'sasha', 'shura'],
      ['mikhail', 'misha'],
      ['dmitri', 'dmitry', 'dima'],
      ['nikolai', 'kolya'],
      ['ivan', 'vanya'],
      ['vladimir', 'volodya', 'vova'],
      ['yevgeny', 'evgeny', 'zhenya'],
      ['svetlana', 'sveta'],
      ['yekaterina', 'ekaterina', 'katya'],
      ['natalia', 'natalya', 'natasha'],
      ['tatiana', 'tatyana', 'tanya'],
      ['olga', 'olya'],
    ],
  },
];
