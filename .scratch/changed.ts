import { PGlite } from '@electric-sql/pglite';
const c = await PGlite.create();
await c.exec('create table t (a int)'); await c.exec('insert into t values (1)');
await c.exec(`prepare s as select * from t`);
await c.exec('alter table t add column b int');
console.log(await c.exec('execute s').catch((e) => e.message));
