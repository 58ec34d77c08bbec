import { AppConfig, ConfigError } from '@app/config';
import { LogSmsProvider } from './log-sms.provider';
import type { SmsProvider } from './sms-provider';
import { TelnyxClient } from '../telnyx/telnyx-client';
import { TelnyxSmsProvider } from './telnyx-sms.provider';

/** The provider SMS_PROVIDER names; telnyx needs TELNYX_API_KEY. */
export function createSmsProvider(config: AppConfig, telnyx: TelnyxClient): SmsProvider {
  if (config.smsProvider === 'log') return new LogSmsProvider();
  if (!config.telnyx.apiKey) {
    throw new ConfigError('TELNYX_API_KEY', 'is required when SMS_PROVIDER is telnyx');
  }
  return new TelnyxSmsProvider(telnyx);
}
