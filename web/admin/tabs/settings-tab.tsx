import { useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PanelHead } from '../components/panel-head';
import { RowActions } from '../components/row-actions';
import {
  appTypeOfKey,
  initializeSettings,
  isTemplateKey,
  previewTemplate,
  sortSettings,
  templateKindOfKey,
} from '../state/settings';
import { store } from '../state/store';
import type { Setting } from '../../../contract/calls/settings';
import { SettingForm } from './setting-form';
import { TemplatePreview } from './template-preview';
import { isHttpAddress, isUrlKey } from '../../../contract/rules/addresses';

type Dialog = { kind: 'form'; setting: Setting | null } | { kind: 'preview'; setting: Setting; text: string } | null;

function SettingRow({
  setting,
  onEdit,
  onPreview,
}: {
  setting: Setting;
  onEdit: () => void;
  onPreview?: () => void;
}): ReactElement {
  const isLink = isUrlKey(setting.config_key) && isHttpAddress(setting.config_value);
  return (
    <li className="config-row" data-config-key={setting.config_key}>
      <div className="config-main">
        <code className="key">{setting.config_key}</code>
        {setting.description ? <p className="muted config-description">{setting.description}</p> : null}
        {isLink ? (
          <a className="config-value config-link" href={setting.config_value} target="_blank" rel="noopener noreferrer">
            {setting.config_value}
          </a>
        ) : (
          <p className={isTemplateKey(setting.config_key) ? 'config-value config-template' : 'config-value'}>
            {setting.config_value}
          </p>
        )}
      </div>
      <RowActions
        subject={setting.config_key}
        actions={[
          { label: 'Preview', onClick: () => onPreview?.(), shown: onPreview !== undefined },
          { label: 'Edit', onClick: onEdit },
        ]}
      />
    </li>
  );
}

function Group({
  title,
  hint,
  rows,
  children,
}: {
  title: string;
  hint: string;
  rows: number;
  children: ReactElement[];
}): ReactElement | null {
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
  const { settings } = useSnapshot(store);
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = sortSettings(settings.rows);
  const links = rows.filter((row) => isUrlKey(row.config_key));
  const templates = rows.filter((row) => isTemplateKey(row.config_key) && !isUrlKey(row.config_key));
  const others = rows.filter((row) => !isUrlKey(row.config_key) && !isTemplateKey(row.config_key));

  async function openPreview(setting: Setting): Promise<void> {
    const text = await previewTemplate(
      setting.config_value,
      appTypeOfKey(setting.config_key),
      templateKindOfKey(setting.config_key),
    );
    if (text !== undefined) setDialog({ kind: 'preview', setting, text });
  }

  const row = (setting: Setting, withPreview = false): ReactElement => (
    <SettingRow
      key={setting.id}
      setting={setting}
      onEdit={() => setDialog({ kind: 'form', setting })}
      onPreview={withPreview ? () => void openPreview(setting) : undefined}
    />
  );

  return (
    <>
      <PanelHead title="Settings & Config">
        <button type="button" className="button button-secondary" onClick={() => void initializeSettings()}>
          Initialize Defaults
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => setDialog({ kind: 'form', setting: null })}
        >
          Add Config
        </button>
      </PanelHead>
      <Group
        title="Download & tutorial links"
        hint="Keys containing “url”: the links put into licence messages."
        rows={links.length}
      >
        {links.map((setting) => row(setting))}
      </Group>
      <Group
        title="License message templates"
        hint="Keys containing “template”. Variables: {expired_date}, {license_key}, {download_url}, {tutorial_url}."
        rows={templates.length}
      >
        {templates.map((setting) => row(setting, true))}
      </Group>
      <Group title="Other settings" hint="Everything else, such as the LoopStream default access." rows={others.length}>
        {others.map((setting) => row(setting))}
      </Group>
      {rows.length === 0 && !settings.loading ? (
        <p className="empty">No configuration yet. Use “Initialize Defaults” to add the standard keys.</p>
      ) : null}
      {dialog?.kind === 'form' ? <SettingForm setting={dialog.setting} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'preview' ? (
        <TemplatePreview
          title={`Preview: ${dialog.setting.config_key}`}
          template={dialog.setting.config_value}
          text={dialog.text}
          kind={templateKindOfKey(dialog.setting.config_key)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
