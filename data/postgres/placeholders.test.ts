import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { forgetStatement, statementName, toPostgresSql } from './placeholders';

test('toPostgresSql: numbers each ? outside quotes and comments', () => {
  assert.is(
    toPostgresSql('SELECT * FROM t WHERE a = ? AND b IN (?, ?)'),
    'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)',
  );
  assert.is(toPostgresSql('SELECT \'?\' AS q, "a?" FROM t WHERE x = ?'), 'SELECT \'?\' AS q, "a?" FROM t WHERE x = $1');
  assert.is(toPostgresSql("SELECT 'it''s ?' FROM t WHERE x = ?"), "SELECT 'it''s ?' FROM t WHERE x = $1");
  assert.is(toPostgresSql('SELECT 1 -- why?\nFROM t WHERE x = ?'), 'SELECT 1 -- why?\nFROM t WHERE x = $1');
  assert.is(toPostgresSql('SELECT 1'), 'SELECT 1');
});

test('statementName: one name per text, none for bulk statements or after forgetStatement', () => {
  const name = statementName('SELECT * FROM t WHERE a = $1', 1);
  assert.ok(name);
  assert.is(statementName('SELECT * FROM t WHERE a = $1', 1), name);
  assert.is.not(statementName('SELECT * FROM t WHERE b = $1', 1), name);
  assert.is(statementName('INSERT INTO t VALUES (...)', 40), undefined);
  forgetStatement('SELECT * FROM t WHERE a = $1');
  assert.is(statementName('SELECT * FROM t WHERE a = $1', 1), undefined);
});

test.run();
