import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { UI_LANGUAGES } from '../../../shared/settings';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';
import { LANGUAGE_NAMES } from '../i18n/language-names';
import { useAppInfo } from '../shell/app-info-context';
import { useSettings } from '../shell/settings-context';
import { AboutInstallation } from './about-installation';
import { ApiKeySection } from './api-key-section';
import { RebuildLibrary } from './rebuild-library';
import { SendToTrove } from './send-to-trove';
import { CheckSetting, RadioSetting, SelectSetting, TextSetting } from './setting-field';
import { QUALITY_CHOICES, parseCount, parseFolder, parseLanguages, parseServiceUrl, parseSpeedLimit, qualityFromText, speedLimitText } from './setting-values';
import { TemplateSetting } from './template-setting';
import { useSaveSetting } from './use-save-setting';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="card stack settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Sandbox mode: the built-in sandbox as the service for this session, clearly sample media. */
function SandboxSetting() {
  const { t } = useTranslation();
  const { api } = useClient();
  const { info, reload } = useAppInfo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  if (!info?.capabilities.sandbox) return null;
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    const answer = await api['app.sandbox']({ enabled });
    setBusy(false);
    setError(answer.ok ? undefined : answer.error);
    await reload();
  };
  return (
    <div className="setting setting-check" data-testid="sandbox-setting">
      <label className="check">
        <input type="checkbox" checked={info.sandbox.active} disabled={busy} onChange={(event) => void toggle(event.target.checked)} />
        <span>{t('settings.sandbox')}</span>
        {info.sandbox.active && <span className="badge badge-warning">{t('sandbox.badge')}</span>}
      </label>
      <span className="small muted setting-hint">{t('settings.sandboxHint')}</span>
      {error && <ErrorNotice error={error} title={t('settings.sandboxFailed')} />}
    </div>
  );
}

/** Every setting, checked as it is entered and applied at once (no restart). */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const { info } = useAppInfo();
  const { save, check, stateOf } = useSaveSetting();
  const sandboxActive = info?.sandbox.active ?? false;
  const saver =
    <K extends keyof Settings>(name: K) =>
    (value: Settings[K]) =>
      save({ [name]: value } as SettingsPatch);
  const [pickError, setPickError] = useState<ErrorInfo | undefined>(undefined);

  // A service address is saved only once a service answers there: a typo would break every grab.
  const saveServiceUrl = async (serviceUrl: string): Promise<boolean> => check({ serviceUrl }, () => api['settings.checkService']({ serviceUrl }));

  const pickFolder = async () => {
    const answer = await api['app.pickFolder']({ ...(settings.downloadFolder ? { defaultPath: settings.downloadFolder } : {}) });
    if (!answer.ok) setPickError(answer.error);
    else if (answer.value.path) await save({ downloadFolder: answer.value.path });
  };

  const qualityLabel = (choice: (typeof QUALITY_CHOICES)[number]) => (typeof choice === 'number' ? t('settings.qualityCap', { height: choice }) : t(`settings.quality.${choice}`));

  return (
    <div className="settings-screen">
      <div className="settings-columns">
        <Section id="settings-service" title={t('settings.service')}>
          <ApiKeySection sandboxActive={sandboxActive} />
          <TextSetting
            label={t('settings.serviceUrl')}
            hint={sandboxActive ? t('settings.serviceUrlSandbox') : t('settings.serviceUrlHint')}
            text={settings.serviceUrl}
            parse={parseServiceUrl}
            save={saveServiceUrl}
            state={stateOf('serviceUrl')}
            input={{ type: 'url', inputMode: 'url', disabled: sandboxActive }}
            testId="setting-serviceUrl"
          />
          <RadioSetting
            label={t('settings.apiVersion')}
            value={settings.apiVersion}
            choices={[
              { value: 'v1', label: t('settings.apiVersions.v1') },
              { value: 'legacy', label: t('settings.apiVersions.legacy') },
            ]}
            save={saver('apiVersion')}
            state={stateOf('apiVersion')}
          />
          <SandboxSetting />
        </Section>

        <Section id="settings-appearance" title={t('settings.appearance')}>
          <SelectSetting
            label={t('settings.language')}
            hint={t('settings.languageHint')}
            value={settings.language}
            choices={UI_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            save={saver('language')}
            state={stateOf('language')}
            testId="setting-language"
          />
          <RadioSetting
            label={t('settings.theme')}
            value={settings.theme}
            choices={(['system', 'light', 'dark'] as const).map((theme) => ({ value: theme, label: t(`settings.themes.${theme}`) }))}
            save={saver('theme')}
            state={stateOf('theme')}
            testId="setting-theme"
          />
          <CheckSetting
            label={t('settings.clipboardWatching')}
            hint={info?.capabilities.openPath ? t('settings.clipboardHint') : t('settings.clipboardDesktopOnly')}
            checked={settings.clipboardWatching}
            save={saver('clipboardWatching')}
            state={stateOf('clipboardWatching')}
          />
          <SendToTrove />
          <p className="small">
            <button type="button" className="button button-small" onClick={() => void save({ onboarded: false })}>
              {t('settings.showWelcome')}
            </button>
          </p>
        </Section>

        <Section id="settings-downloads" title={t('settings.downloads')}>
          <TextSetting
            label={t('settings.downloadFolder')}
            hint={t('settings.downloadFolderHint')}
            text={settings.downloadFolder}
            parse={parseFolder}
            save={saver('downloadFolder')}
            state={stateOf('downloadFolder')}
            input={{ className: 'input grow mono', placeholder: t('settings.downloadFolderDefault') }}
            extra={
              info?.capabilities.pickFolder ? (
                <button type="button" className="button" onClick={() => void pickFolder()}>
                  <Icon name="folder" /> {t('settings.chooseFolder')}
                </button>
              ) : undefined
            }
            testId="setting-downloadFolder"
          />
          {pickError && <ErrorNotice error={pickError} title={t('settings.pickFailed')} />}
          <TemplateSetting value={settings.fileNameTemplate} save={saver('fileNameTemplate')} state={stateOf('fileNameTemplate')} />
          <div className="settings-grid">
            <TextSetting
              label={t('settings.concurrency')}
              hint={t('settings.concurrencyHint')}
              text={String(settings.concurrency)}
              parse={(text) => parseCount(text, 1, 16)}
              save={saver('concurrency')}
              state={stateOf('concurrency')}
              input={{ type: 'number', min: 1, max: 16, inputMode: 'numeric' }}
              testId="setting-concurrency"
            />
            <TextSetting
              label={t('settings.connections')}
              hint={t('settings.connectionsHint')}
              text={String(settings.connectionsPerDownload)}
              parse={(text) => parseCount(text, 1, 16)}
              save={saver('connectionsPerDownload')}
              state={stateOf('connectionsPerDownload')}
              input={{ type: 'number', min: 1, max: 16, inputMode: 'numeric' }}
              testId="setting-connections"
            />
            <TextSetting
              label={t('settings.speedLimit')}
              hint={t('settings.speedLimitHint')}
              text={speedLimitText(settings.speedLimit)}
              parse={parseSpeedLimit}
              save={saver('speedLimit')}
              state={stateOf('speedLimit')}
              input={{ inputMode: 'decimal', placeholder: t('settings.unlimited') }}
              testId="setting-speedLimit"
            />
            <SelectSetting
              label={t('settings.preferredQuality')}
              value={String(settings.preferredQuality)}
              choices={QUALITY_CHOICES.map((choice) => ({ value: String(choice), label: qualityLabel(choice) }))}
              save={(text) => save({ preferredQuality: qualityFromText(text) })}
              state={stateOf('preferredQuality')}
            />
          </div>
          <TextSetting
            label={t('settings.audioLanguages')}
            hint={t('settings.languagesHint')}
            text={settings.audioLanguages.join(', ')}
            parse={(text) => parseLanguages(text, 'audioLanguages')}
            save={saver('audioLanguages')}
            state={stateOf('audioLanguages')}
            input={{ placeholder: t('settings.audioLanguagesNone') }}
          />
          <CheckSetting
            label={t('settings.refreshExpiredLinks')}
            hint={t('settings.refreshExpiredLinksHint')}
            checked={settings.refreshExpiredLinks}
            save={saver('refreshExpiredLinks')}
            state={stateOf('refreshExpiredLinks')}
          />
          <TextSetting
            label={t('settings.confirmAboveCredits')}
            hint={t('settings.confirmAboveCreditsHint')}
            text={String(settings.confirmAboveCredits)}
            parse={(text) => parseCount(text, 0, 1_000_000)}
            save={saver('confirmAboveCredits')}
            state={stateOf('confirmAboveCredits')}
            input={{ type: 'number', min: 0, inputMode: 'numeric' }}
            testId="setting-confirmAboveCredits"
          />
          <CheckSetting
            label={t('settings.keepSourceStreams')}
            hint={t('settings.keepSourceStreamsHint')}
            checked={settings.keepSourceStreams}
            save={saver('keepSourceStreams')}
            state={stateOf('keepSourceStreams')}
          />
          <CheckSetting
            label={t('settings.embedMetadata')}
            hint={t('settings.embedMetadataHint')}
            checked={settings.embedMetadata}
            save={saver('embedMetadata')}
            state={stateOf('embedMetadata')}
          />
          <CheckSetting
            label={t('settings.metadataSidecars')}
            hint={t('settings.metadataSidecarsHint')}
            checked={settings.metadataSidecars}
            save={saver('metadataSidecars')}
            state={stateOf('metadataSidecars')}
          />
          <TextSetting
            label={t('settings.ffmpegPath')}
            hint={t('settings.ffmpegPathHint')}
            text={settings.ffmpegPath}
            parse={parseFolder}
            save={saver('ffmpegPath')}
            state={stateOf('ffmpegPath')}
            input={{ className: 'input grow mono', placeholder: t('settings.ffmpegAuto') }}
          />
        </Section>

        <Section id="settings-subtitles" title={t('settings.subtitles')}>
          <CheckSetting
            label={t('settings.saveSubtitles')}
            hint={t('settings.saveSubtitlesHint')}
            checked={settings.saveSubtitles}
            save={saver('saveSubtitles')}
            state={stateOf('saveSubtitles')}
          />
          <TextSetting
            label={t('settings.subtitleLanguages')}
            hint={t('settings.languagesHint')}
            text={settings.subtitleLanguages.join(', ')}
            parse={(text) => parseLanguages(text, 'subtitleLanguages')}
            save={saver('subtitleLanguages')}
            state={stateOf('subtitleLanguages')}
          />
          <RadioSetting
            label={t('settings.subtitleFormat')}
            value={settings.subtitleFormat}
            choices={(['srt', 'vtt', 'original'] as const).map((format) => ({ value: format, label: t(`subtitleFormat.${format}`) }))}
            save={saver('subtitleFormat')}
            state={stateOf('subtitleFormat')}
          />
          <CheckSetting
            label={t('settings.embedSubtitles')}
            hint={t('settings.embedSubtitlesHint')}
            checked={settings.embedSubtitles}
            save={saver('embedSubtitles')}
            state={stateOf('embedSubtitles')}
          />
        </Section>

        <Section id="settings-library" title={t('rebuild.section')}>
          <p className="small muted">{t('rebuild.hint')}</p>
          <RebuildLibrary />
        </Section>

        <Section id="settings-about" title={t('about.title')}>
          <AboutInstallation />
        </Section>
      </div>
    </div>
  );
}
