import { Anchor, Badge, Checkbox, Group, Modal, Paper, Select, Stack, Text, Textarea, TextInput, Typography } from '@mantine/core';
import { KNOWLEDGE_CATEGORIES, type TArticleListItem, ZArticleBody } from '@portal/contract/support';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Markdown from 'react-markdown';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { articleListQuery, articleQuery, useDeleteArticle, useSaveArticle } from '../api/support.ts';

const CATEGORY_OPTIONS = optionsOf(KNOWLEDGE_CATEGORIES, { all: 'All categories' });
const FILTERS = { search: '', category: '' };

/** An article, its Markdown rendered as text and formatting only (raw HTML in it is not rendered). */
function ArticleModal({ articleId, onClose }: { articleId: string; onClose: () => void }) {
  const { data } = useQuery(articleQuery(articleId));
  return (
    <Modal opened onClose={onClose} title={data?.title ?? 'Article'} size="xl">
      {data && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{data.category}</Badge>
            <Text size="xs" c="dimmed">
              Last updated <DateText value={data.lastUpdated} />
            </Text>
          </Group>
          <Typography>
            <Markdown>{data.body}</Markdown>
          </Typography>
        </Stack>
      )}
    </Modal>
  );
}

function ArticleFormModal({ article, onClose }: { article: { id: string } | null; onClose: () => void }) {
  const existing = useQuery({ ...articleQuery(article?.id ?? ''), enabled: Boolean(article) });
  const save = useSaveArticle(article?.id);
  const a = existing.data;
  const form = useSchemaForm(ZArticleBody, {
    title: a?.title ?? '',
    category: a?.category ?? 'API',
    body: a?.body ?? '',
    public: a?.public ?? true,
  });
  if (article && !a) return null;
  return (
    <Modal opened onClose={onClose} title={article ? 'Edit Article' : 'New Article'} size="xl">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          save.mutate(
            { ...v, category: v.category as (typeof KNOWLEDGE_CATEGORIES)[number] },
            {
              onSuccess: (saved) => {
                toastSuccess(`Article "${saved.title}" saved`);
                onClose();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <Group grow align="flex-end">
            <Select label="Category" allowDeselect={false} data={[...KNOWLEDGE_CATEGORIES]} {...form.getInputProps('category')} />
            <Checkbox label="Public (customers can read it)" mb={8} {...form.getInputProps('public', { type: 'checkbox' })} />
          </Group>
          <Textarea
            label="Article"
            description="Markdown: headings, lists, links, **bold**, `code`"
            withAsterisk
            autosize
            minRows={10}
            maxRows={24}
            {...form.getInputProps('body')}
          />
          <FormActions onCancel={onClose} pending={save.isPending} submitLabel="Save Article" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** The knowledge base (Support Center and Support Tools): search, categories, read; staff write. */
export function KnowledgeBasePanel() {
  const list = useListState({ filters: FILTERS, prefix: 'kb' });
  const { data, isFetching } = useQuery(articleListQuery(list.query));
  const canWrite = useCan('support.write');
  const remove = useDeleteArticle();
  const { confirm, dialog } = useConfirm();
  const [reading, setReading] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string } | null | undefined>(undefined);

  async function onDelete(a: TArticleListItem) {
    if (!(await confirm({ title: 'Delete article', message: `Delete "${a.title}"? Customers and staff will no longer find it.` }))) return;
    remove.mutate(a.id, { onSuccess: () => toastSuccess(`Article "${a.title}" deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TArticleListItem>[] = [
    {
      key: 'title',
      header: 'Title',
      kind: 'name',
      maxWidth: 520,
      render: (a) => (
        <>
          <Anchor component="button" type="button" fw={500} onClick={() => setReading(a.id)}>
            {a.title}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {a.excerpt.replace(/[#*`>_-]/g, '').replace(/\s+/g, ' ')}
          </Text>
        </>
      ),
    },
    { key: 'category', header: 'Category', kind: 'badge', render: (a) => <Badge variant="light">{a.category}</Badge> },
    ...(canWrite
      ? [
          {
            key: 'visibility',
            header: 'Visibility',
            kind: 'badge' as const,
            render: (a: TArticleListItem) => (
              <Badge variant="outline" color={a.public ? 'green' : 'gray'}>
                {a.public ? 'Public' : 'Internal'}
              </Badge>
            ),
          },
        ]
      : []),
    { key: 'lastUpdated', header: 'Last Updated', kind: 'figure', render: (a) => <DateText value={a.lastUpdated} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <FilterBar>
            <SearchFilter label="Search articles" placeholder="Search titles and articles" {...list.filter('search')} />
            <SelectFilter label="Category" w={180} data={CATEGORY_OPTIONS} {...list.filter('category')} />
          </FilterBar>
          {canWrite && <AddButton onClick={() => setEditing(null)}>New Article</AddButton>}
        </Group>
        <ListTable
          list={list}
          data={data}
          label="Knowledge base articles"
          columns={columns}
          loading={isFetching}
          emptyText="No articles found"
          {...(canWrite
            ? {
                rowActions: (a: TArticleListItem) => (
                  <>
                    <RowAction label="Edit" name={a.title} icon={<IconEdit size={17} />} onClick={() => setEditing({ id: a.id })} />
                    <RowAction label="Delete" name={a.title} color="red" icon={<IconTrash size={17} />} onClick={() => void onDelete(a)} />
                  </>
                ),
              }
            : {})}
        />
      </Stack>
      {reading && <ArticleModal articleId={reading} onClose={() => setReading(null)} />}
      {editing !== undefined && <ArticleFormModal key={editing?.id ?? 'new'} article={editing} onClose={() => setEditing(undefined)} />}
      {dialog}
    </Paper>
  );
}
