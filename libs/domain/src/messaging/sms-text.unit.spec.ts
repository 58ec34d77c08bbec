import { alphanumericSenderId, composeSmsText, keywordReplyText } from './sms-text';

describe('composeSmsText', () => {
  it('prepends the sender name', () => {
    expect(composeSmsText('Food Bank', 'Your box is ready')).toBe('Food Bank: Your box is ready');
  });

  it.each([null, '', '   '])('leaves the body alone without a name (%j)', (name) => {
    expect(composeSmsText(name, 'Your box is ready')).toBe('Your box is ready');
  });
});

describe('alphanumericSenderId', () => {
  it.each([
    ['Food Bank', 'Food Bank'],
    ['Saint-Vincent de Paul', 'SaintVincen'],
    ['  Aid & Co.  ', 'Aid  Co'],
    ['Help 4 All Center', 'Help 4 All'],
  ])('%j → %j', (name, id) => {
    expect(alphanumericSenderId(name)).toBe(id);
  });

  it('is null when nothing usable is left', () => {
    expect(alphanumericSenderId('¿¡ !')).toBeNull();
  });
});

describe('keywordReplyText', () => {
  const contact = { name: 'Food Bank', supportEmail: 'help@fb.org', supportPhone: '+12025550123' };

  it('confirms STOP and says how to come back', () => {
    expect(keywordReplyText('STOP', contact)).toMatch(/^Food Bank: You are unsubscribed.*START/);
  });

  it('confirms START', () => {
    expect(keywordReplyText('START', contact)).toMatch(/^Food Bank: You are subscribed again/);
  });

  it('gives both support contacts for HELP', () => {
    expect(keywordReplyText('HELP', contact)).toBe(
      'Food Bank: For help, contact help@fb.org or +12025550123. Reply STOP to unsubscribe.',
    );
  });

  it('gives what it has for HELP', () => {
    expect(keywordReplyText('HELP', { ...contact, supportEmail: null })).toContain(
      'contact +12025550123.',
    );
    expect(keywordReplyText('HELP', { ...contact, supportEmail: null, supportPhone: null })).toBe(
      'Food Bank: For help, contact us directly. Reply STOP to unsubscribe.',
    );
  });
});
