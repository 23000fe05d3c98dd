/** Support: the knowledge base. */
import type { TPage } from '@portal/contract/common';
import type { TArticle, TArticleListItem, TListArticlesQuery, TSupportContact, ZArticleBody } from '@portal/contract/support';
import type { z } from 'zod';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('knowledge_article');

// ---- Knowledge base: customers read public articles, staff all; staff write ----

type ArticleRow = NonNullable<Awaited<ReturnType<typeof repo.findArticle>>>;
const toArticle = (r: ArticleRow): TArticle => ({
  id: r.id,
  title: r.title,
  category: r.category,
  public: r.published,
  excerpt: r.body.slice(0, 220),
  body: r.body,
  lastUpdated: r.lastUpdated.toISOString(),
});

export async function listArticles(ctx: Ctx, q: TListArticlesQuery): Promise<TPage<TArticleListItem>> {
  const { rows, total } = await repo.listArticles(ctx.db, q, isCustomerSide(ctx));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      public: r.published,
      excerpt: r.excerpt,
      lastUpdated: r.lastUpdated.toISOString(),
    })),
    total,
    q,
  );
}

export async function getArticle(ctx: Ctx, id: string): Promise<TArticle> {
  const row = await repo.findArticle(ctx.db, id, isCustomerSide(ctx));
  if (!row) throw notFound('Article');
  return toArticle(row);
}

export async function createArticle(ctx: Ctx, body: z.output<typeof ZArticleBody>): Promise<TArticle> {
  return inTransaction(ctx, async (tx) => {
    const now = new Date();
    const row = await repo.insertArticle(tx.db, {
      title: body.title,
      category: body.category,
      body: body.body,
      published: body.public,
      createdAt: now,
      lastUpdated: now,
    });
    await audit(
      tx,
      'knowledge.create',
      { id: row.id },
      `Published ${body.public ? 'public' : 'internal'} article "${body.title}" (${body.category})`,
      { after: { title: body.title, category: body.category, public: body.public } },
    );
    return toArticle(row);
  });
}

export async function updateArticle(ctx: Ctx, id: string, body: z.output<typeof ZArticleBody>): Promise<TArticle> {
  return inTransaction(ctx, async (tx) => {
    const before = await repo.findArticle(tx.db, id, false);
    if (!before) throw notFound('Article');
    const row = await repo.updateArticle(tx.db, id, {
      title: body.title,
      category: body.category,
      body: body.body,
      published: body.public,
      lastUpdated: new Date(),
    });
    await audit(tx, 'knowledge.update', { id }, `Updated article "${body.title}"`, {
      before: { title: before.title, category: before.category, public: before.published },
      after: { title: body.title, category: body.category, public: body.public },
    });
    return toArticle(row as ArticleRow);
  });
}

export async function deleteArticle(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.deleteArticle(tx.db, id);
    if (!row) throw notFound('Article');
    await audit(tx, 'knowledge.delete', { id }, `Deleted article "${row.title}"`);
  });
}

/** The Contact Support tab: the phone line is shown to premium customers only (a customer attribute). */
export async function supportContact(ctx: Ctx): Promise<TSupportContact> {
  const settings = await getSettings(ctx.db);
  const own = ownCustomer(ctx);
  const premium = own ? await repo.isPremium(ctx.db, own) : true;
  return { supportEmail: settings.supportEmail, premium, supportPhone: premium ? settings.supportPhone : null };
}
