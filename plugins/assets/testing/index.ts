// Test kit of the assets plugin, for other plugins' tests: the plugin itself and local asset hosts.
export { default as assetsPlugin } from '../server.js';
export { pageReferencing, startAssetSite, type AssetSite, type SiteFile } from './asset-sites.js';
export { storedAsset } from './stored-asset.js';
