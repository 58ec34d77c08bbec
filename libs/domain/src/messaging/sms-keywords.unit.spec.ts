import { classifySmsKeyword } from './sms-keywords';

describe('classifySmsKeyword', () => {
  it.each(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'])(
    '%s opts out',
    (word) => {
      expect(classifySmsKeyword(word)).toBe('STOP');
    },
  );

  it.each(['START', 'UNSTOP'])('%s opts back in', (word) => {
    expect(classifySmsKeyword(word)).toBe('START');
  });

  it('HELP asks for help', () => {
    expect(classifySmsKeyword('HELP')).toBe('HELP');
  });

  it.each(['stop', 'Stop', '  StopAll \n', '\thelp ', 'unstop'])(
    'ignores case and surrounding whitespace: %j',
    (text) => {
      expect(classifySmsKeyword(text)).not.toBeNull();
    },
  );

  it.each([
    '',
    '   ',
    'please stop',
    'STOP!',
    'stop it',
    'HELP ME',
    'STARTED',
    'S T O P',
    'opt out',
  ])('is null unless the whole message is a keyword: %j', (text) => {
    expect(classifySmsKeyword(text)).toBeNull();
  });
});
