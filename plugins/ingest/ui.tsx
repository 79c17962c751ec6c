// Browser wiring of the ingest plugin: how to install the tracker, on the onboarding steps; parked processing, in Preferences.
import { lazy } from 'react';
import { defineUiPlugin, fillSlot, hostSlots } from '@cassette/plugin-sdk/ui';
import { CaptureRateBlock } from './ui/capture-rate/capture-rate-block.js';
import { IdentifyUsersStep } from './ui/identify-users.js';
import { InstallTrackerStep } from './ui/install-tracker.js';
import './ui/onboarding.css';

export default defineUiPlugin({
  id: 'ingest',
  settingsTabs: [{ id: 'processing', label: 'Processing', component: lazy(() => import('./ui/parked/parked-steps.tab.js')), order: 90, adminOnly: true }],
  fills: [
    fillSlot(hostSlots.onboardingInstalling, { id: 'ingest.install-tracker', component: InstallTrackerStep, order: 10 }),
    fillSlot(hostSlots.onboardingIdentifyUsers, { id: 'ingest.identify-users', component: IdentifyUsersStep, order: 10 }),
    // Right under the project's own sample rate, which wins over it.
    fillSlot(hostSlots.projectPrivacy, { id: 'ingest.capture-rate', component: CaptureRateBlock, order: 5 }),
  ],
});
