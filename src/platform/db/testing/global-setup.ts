import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let cluster: PostgresCluster | undefined;

/** Starts one PostgreSQL cluster for the whole test run; every repository test runs on it too. */
export async function setup(project: TestProject): Promise<void> {
  try {
    cluster = await startPostgresCluster();
  } catch (error) {
    const banner = '='.repeat(78);
    console.error(
      `\n${banner}\nPostgreSQL could not be started, so the PostgreSQL half of the suite cannot run:\n${String(error)}\n${banner}\n`,
    );
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
}

export async function teardown(): Promise<void> {
  cluster?.stop();
}
