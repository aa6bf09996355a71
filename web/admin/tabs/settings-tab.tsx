import { useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { RowActions } from '../components/row-actions';
import { appTypeOfKey, initializeConfigs, isTemplateKey, isUrlKey, previewTemplate, sortConfigs, templateKindOfKey } from '../state/configs';
import { store } from '../state/store';
import type { Config } from '../../../contract/configs';
import { ConfigForm } from './config-form';
import { TemplatePreview } from './template-preview';

type Dialog = { kind: 'form'; config: Config | null } | { kind: 'preview'; config: Config; text: string } | null;

function ConfigRow({ config, onEdit, onPreview }: { config: Config; onEdit: () => void; onPreview?: () => void }): ReactElement {
  const isLink = isUrlKey(config.config_key) && /^https?:\/\//i.test(config.config_value);
  return (
    <li className="config-row" data-config-key={config.config_key}>
      <div className="config-main">
        <code className="key">{config.config_key}</code>
        {config.description ? <p className="muted config-description">{config.description}</p> : null}
        {isLink ? (
          <a className="config-value config-link" href={config.config_value} target="_blank" rel="noopener noreferrer">
            {config.config_value}
          </a>
        ) : (
          <p className={isTemplateKey(config.config_key) ? 'config-value config-template' : 'config-value'}>{config.config_value}</p>
        )}
      </div>
      <RowActions
        subject={config.config_key}
        actions={[
          { label: 'Preview', onClick: () => onPreview?.(), shown: onPreview !== undefined },
          { label: 'Edit', onClick: onEdit },
        ]}
      />
    </li>
  );
}

function Group({ title, hint, rows, children }: { title: string; hint: string; rows: number; children: ReactElement[] }): ReactElement | null {
  if (rows === 0) return null;
  return (
    <section className="config-group" aria-label={title}>
      <h3>{title}</h3>
      <p className="muted">{hint}</p>
      <ul className="config-list">{children}</ul>
    </section>
  );
}

export function SettingsTab(): ReactElement {
  const { configs } = useSnapshot(store);
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = sortConfigs(configs.rows);
  const links = rows.filter((row) => isUrlKey(row.config_key));
  const templates = rows.filter((row) => isTemplateKey(row.config_key) && !isUrlKey(row.config_key));
  const others = rows.filter((row) => !isUrlKey(row.config_key) && !isTemplateKey(row.config_key));

  async function openPreview(config: Config): Promise<void> {
    const text = await previewTemplate(config.config_value, appTypeOfKey(config.config_key), templateKindOfKey(config.config_key));
    if (text !== undefined) setDialog({ kind: 'preview', config, text });
  }

  const row = (config: Config, withPreview = false): ReactElement => (
    <ConfigRow
      key={config.id}
      config={config}
      onEdit={() => setDialog({ kind: 'form', config })}
      onPreview={withPreview ? () => void openPreview(config) : undefined}
    />
  );

  return (
    <>
      <div className="panel-head">
        <h2>Settings &amp; Config</h2>
        <div className="toolbar">
          <button type="button" className="button button-secondary" onClick={() => void initializeConfigs()}>
            Initialize Defaults
          </button>
          <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'form', config: null })}>
            Add Config
          </button>
        </div>
      </div>
      <Group title="Download & tutorial links" hint="Keys containing “url”: the links put into licence messages." rows={links.length}>
        {links.map((config) => row(config))}
      </Group>
      <Group
        title="License message templates"
        hint="Keys containing “template”. Variables: {expired_date}, {license_key}, {download_url}, {tutorial_url}."
        rows={templates.length}
      >
        {templates.map((config) => row(config, true))}
      </Group>
      <Group title="Other settings" hint="Everything else, such as the LoopStream default access." rows={others.length}>
        {others.map((config) => row(config))}
      </Group>
      {rows.length === 0 && !configs.loading ? (
        <p className="empty">No configuration yet. Use “Initialize Defaults” to add the standard keys.</p>
      ) : null}
      {dialog?.kind === 'form' ? <ConfigForm config={dialog.config} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'preview' ? (
        <TemplatePreview title={`Preview: ${dialog.config.config_key}`} template={dialog.config.config_value} text={dialog.text} kind={templateKindOfKey(dialog.config.config_key)} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
