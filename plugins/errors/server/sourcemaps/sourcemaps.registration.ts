import { coreServices, type DepsMap, type PluginRegistrar, type ProjectsService } from '@cassette/plugin-sdk/server';
import { errorStackRoute, sessionErrorStackRoute } from './resolved-stack.route.js';
import { deleteSourceMapsRoute, listSourceMapsRoute } from './sourcemaps.route.js';
import { createSourceMaps, sourceMapsRef, type SourceMaps } from './sourcemaps.service.js';
import { sourceMapUploadRoute } from './sourcemap-upload.route.js';

/** Source maps' part of the errors plugin: the service and its routes; answers this boot's service once created. */
export function registerSourceMaps<D extends DepsMap>(r: PluginRegistrar<D>): () => SourceMaps {
  // Routes get no services; they are handed this boot's once the kernel creates them.
  let created: { sourceMaps: SourceMaps; projects: ProjectsService } | null = null;
  const services = () => {
    if (!created) throw new Error('errors: the source-map services are not created yet');
    return created;
  };
  const sourceMaps = () => services().sourceMaps;
  r.provide({
    ref: sourceMapsRef,
    deps: { database: coreServices.database, blobs: coreServices.blobs, projects: coreServices.projects },
    create: ({ database, blobs, projects }) => {
      const made = createSourceMaps(database, blobs);
      created = { sourceMaps: made, projects };
      return made;
    },
  });
  r.route(sourceMapUploadRoute(services));
  r.route(listSourceMapsRoute(sourceMaps));
  r.route(deleteSourceMapsRoute(sourceMaps));
  r.route(errorStackRoute(sourceMaps));
  r.route(sessionErrorStackRoute(sourceMaps));
  return sourceMaps;
}
