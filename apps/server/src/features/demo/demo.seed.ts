import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountsService } from '../accounts/accounts.service';
import type { Database } from '../../platform/db/database';

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
  description: string;
}

/** A strong random password that is still easy to type: three groups of letters and digits. */
function demoPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

/**
 * Seeds the demo accounts of PRODUCT.md §6 on a new database. Passwords are random, printed
 * once on the console and kept in DATA_DIR/demo-accounts.txt (readable by the owner only).
 */
export async function seedDemo(deps: { accounts: AccountsService; database: Database; dataDir: string; adminEmail: string; now: Date }) {
  const accounts: DemoAccount[] = [];
  const add = async (
    input: { email: string; firstName: string; lastName: string; role: 'patient' | 'doctor'; medicalLicense?: string; speciality?: string },
    description: string,
    admin?: 'admin',
  ) => {
    const password = demoPassword();
    await deps.accounts.seedAccount(
      { ...input, password, confirmPassword: password, language: 'fr' },
      admin,
    );
    accounts.push({ email: input.email, password, role: admin ?? input.role, description });
  };

  await add({ email: 'camille.dupont@demo.glucosuivi.fr', firstName: 'Camille', lastName: 'Dupont', role: 'patient' }, 'patiente type 1 avec capteur (CGM)');
  await add({ email: 'jean.martin@demo.glucosuivi.fr', firstName: 'Jean', lastName: 'Martin', role: 'patient' }, 'patient type 2 avec lecteur');
  await add(
    { email: 'dr.bernard@demo.glucosuivi.fr', firstName: 'Claire', lastName: 'Bernard', role: 'doctor', medicalLicense: '10003456786', speciality: 'diabetologue' },
    'diabétologue',
  );
  await add(
    { email: 'infirmier.petit@demo.glucosuivi.fr', firstName: 'Lucas', lastName: 'Petit', role: 'doctor', medicalLicense: '10000000009', speciality: 'infirmier' },
    'infirmier',
  );
  await add({ email: deps.adminEmail, firstName: 'Admin', lastName: 'GlucoSuivi', role: 'patient' }, 'administrateur', 'admin');

  const lines = accounts.map((a) => `${a.email}  ${a.password}  (${a.description})`);
  writeFileSync(join(deps.dataDir, 'demo-accounts.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
  const announcement = [
    '',
    'Comptes de démonstration créés (mots de passe affichés une seule fois, copie dans DATA_DIR/demo-accounts.txt) :',
    ...lines.map((l) => `  ${l}`),
    '',
  ].join('\n');
  return { accounts, announcement };
}
