import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { RouterNavigation } from '../app/router-navigation.tsx';
import { theme } from '../app/theme.ts';

/** Renders a component with the app's providers and a fresh query cache. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <RouterNavigation>{ui}</RouterNavigation>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Replaces fetch with one answer: a JSON body and a status. */
export function answerFetch(status: number, body: unknown) {
  const fetchMock = async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return fetchMock;
}
