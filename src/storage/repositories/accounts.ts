import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, Database } from '../schema.ts';

export type AccountRow = Selectable<AccountsTable>;

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: AccountRow): Promise<void> {
    await this.db.insertInto('accounts').values(row).execute();
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByName(name: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async setSignIn(id: string, email: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ email, password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async updatePlan(id: string, plan: string): Promise<void> {
    await this.db.updateTable('accounts').set({ plan }).where('id', '=', id).execute();
  }
}
