export * from './match-rules';
export * from './name-similarity';
export * from './nicknames';
export * from './normalize';
export * from './score-match';
export * from './similarity';
