// A service account key made for a test: a fresh RSA key pair, its private half in the JSON key
// file Google hands out, its public half for the stand-in to verify the JWT with.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface TestServiceAccount {
  clientEmail: string;
  projectId: string;
  /** The JSON key file, as a user pastes it. */
  keyFile: string;
  publicKey: KeyObject;
}

export function createTestServiceAccount(options: { projectId: string; tokenUri: string; clientEmail?: string }): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = options.clientEmail ?? `cassette-logs@${options.projectId}.iam.gserviceaccount.com`;
  const keyFile = JSON.stringify(
    {
      type: 'service_account',
      project_id: options.projectId,
      private_key_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '112233445566778899001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: options.tokenUri,
    },
    null,
    2,
  );
  return { clientEmail, projectId: options.projectId, keyFile, publicKey };
}
