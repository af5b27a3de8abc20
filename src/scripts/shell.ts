import { enhanceDropdowns } from './dropdown';
import { showLanguageOffer } from './languageOffer';
import { enhanceMobileMenu } from './mobileMenu';
import './startCampaign';
import './toaster';
import './session';

// The navbar's behaviour on every page, in one module: no framework, so read-only pages load no React.
enhanceDropdowns(document);
enhanceMobileMenu();
showLanguageOffer();
