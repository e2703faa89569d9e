// API key management (decisions §3, §4).
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../validation/pydantic.ts';
import { Nullable } from './common.ts';

export const ApiKeyRecord = Type.Object(
  {
    key_id: Type.String(),
    name: Type.String(),
    start: Type.String(),
    environment: StringEnum(['production', 'sandbox']),
    role: StringEnum(['admin', 'standard']),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Nullable(Type.String({ format: 'date-time' })),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { title: 'ApiKey' },
);

export const CreatedApiKey = Type.Object(
  { ...ApiKeyRecord.properties, api_key: Type.String({ description: 'The secret, shown this one time only' }) },
  { title: 'CreatedApiKey' },
);

export const CreateApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    environment: Type.Optional(StringEnum(['production', 'sandbox'], { default: 'production' })),
    role: Type.Optional(StringEnum(['admin', 'standard'], { default: 'standard' })),
    expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  },
  { title: 'CreateApiKeyRequest' },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;

export const ApiKeyList = Type.Array(ApiKeyRecord);
export const KeyParams = Type.Object({ key_id: Type.String() });
export const RevokedMessage = Type.Object({ message: Type.String() });
