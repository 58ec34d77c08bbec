import { emailParts } from './email-body';

describe('emailParts', () => {
  it('sends plain text as text only', () => {
    expect(emailParts('Your appointment is at 3 < 4 pm')).toEqual({
      text: 'Your appointment is at 3 < 4 pm',
    });
  });

  it('sends HTML as HTML with a text version', () => {
    expect(emailParts('<p>Hello <b>Ana</b>,</p><p>Fish &amp; chips at 5.</p>')).toEqual({
      html: '<p>Hello <b>Ana</b>,</p><p>Fish &amp; chips at 5.</p>',
      text: 'Hello Ana,\nFish & chips at 5.',
    });
  });

  it('turns line breaks into new lines', () => {
    expect(emailParts('Line one<br>Line two<br/>Line three').text).toBe(
      'Line one\nLine two\nLine three',
    );
  });
});
