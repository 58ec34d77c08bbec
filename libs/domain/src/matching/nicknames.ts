/** Given names and the short forms people go by; a name may belong to several groups (ted). */
// prettier-ignore
const NICKNAME_GROUPS: readonly (readonly string[])[] = [
  ['william', 'bill', 'billy', 'will', 'willy', 'willie', 'liam'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['richard', 'rick', 'ricky', 'rich', 'richie', 'dick'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['john', 'jack', 'johnny', 'jon'],
  ['jonathan', 'jon', 'jonny', 'nathan'],
  ['joseph', 'joe', 'joey'],
  ['jose', 'pepe', 'chepe'],
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
  ['antonio', 'tony', 'toni'],
  ['andrew', 'andy', 'drew'],
  ['alexander', 'alex', 'al', 'xander', 'sandy'],
  ['alexandra', 'alex', 'alexa', 'sandy'],
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
  ['francisco', 'frank', 'paco', 'pancho', 'cisco'],
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
  ['dolores', 'lola'],
  ['guadalupe', 'lupe', 'lupita'],
  ['jesus', 'chuy'],
  ['enrique', 'quique'],
  ['eduardo', 'lalo'],
  ['alejandro', 'alex', 'alejo'],
  ['manuel', 'manny'],
  ['roberto', 'beto'],
  ['alberto', 'beto'],
];

const GROUPS_OF = new Map<string, number[]>();
NICKNAME_GROUPS.forEach((group, index) => {
  for (const name of group) GROUPS_OF.set(name, [...(GROUPS_OF.get(name) ?? []), index]);
});

/** Whether two folded given names are forms of one name (bill and william). */
export function areNicknames(a: string, b: string): boolean {
  const groups = GROUPS_OF.get(a);
  return (
    a === b || (groups !== undefined && groups.some((group) => NICKNAME_GROUPS[group].includes(b)))
  );
}

/** The name a folded given name stands for: the first form of its first group (bill → william). */
export function canonicalName(name: string): string {
  const groups = GROUPS_OF.get(name);
  return groups ? NICKNAME_GROUPS[groups[0]][0] : name;
}
