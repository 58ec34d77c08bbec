import { LogSmsProvider } from './log-sms.provider';

describe('LogSmsProvider', () => {
  const provider = new LogSmsProvider();

  it('accepts every message with a new id', async () => {
    const message = { from: 'FoodBank', to: '+12025550199', text: 'Hello' };
    const first = await provider.send(message);
    const second = await provider.send(message);
    expect(first).toMatchObject({ status: 'logged', cost: '0' });
    expect(first.messageId).not.toBe(second.messageId);
  });

  it.each([
    [{ phoneNumber: '+12025550100', smsSenderName: 'Food Bank' }, '+12025550100'],
    [{ phoneNumber: null, smsSenderName: 'Food Bank!' }, 'Food Bank'],
    [{ phoneNumber: null, smsSenderName: null }, 'Food Pantry'],
    [{ phoneNumber: null, smsSenderName: '¡¿' }, 'SMS'],
  ])('sends from the number, else an alphanumeric id (%j)', (fields, sender) => {
    expect(provider.senderFor({ name: 'Food Pantry', ...fields })).toBe(sender);
  });
});
