# Builds the browser front end in web/ (npm ci from the committed lock file, then esbuild via
# web/build.mjs) into ${CMAKE_BINARY_DIR}/web, and embeds the result as generated C++
# (MNEME_WEB_ASSETS_SOURCE). Without node and npm the binary serves a page that says so.
find_program(MNEME_NODE node)
find_program(MNEME_NPM npm)
set(MNEME_WEB_SOURCE_DIR ${PROJECT_SOURCE_DIR}/web)
set(MNEME_WEB_BUNDLE_DIR ${CMAKE_BINARY_DIR}/web)
set(MNEME_WEB_ASSETS_SOURCE ${CMAKE_BINARY_DIR}/generated/web_assets.cpp)
file(MAKE_DIRECTORY ${MNEME_WEB_BUNDLE_DIR} ${CMAKE_BINARY_DIR}/generated)

if(MNEME_NODE AND MNEME_NPM)
  set(MNEME_WEB_NODE_MODULES_STAMP ${MNEME_WEB_SOURCE_DIR}/node_modules/.package-lock.json)
  add_custom_command(
    OUTPUT ${MNEME_WEB_NODE_MODULES_STAMP}
    COMMAND ${MNEME_NPM} ci --no-audit --no-fund --loglevel=error
    WORKING_DIRECTORY ${MNEME_WEB_SOURCE_DIR}
    DEPENDS ${MNEME_WEB_SOURCE_DIR}/package.json ${MNEME_WEB_SOURCE_DIR}/package-lock.json
    COMMENT "npm ci: the web front end's packages")
  file(GLOB MNEME_WEB_SOURCES CONFIGURE_DEPENDS
       ${MNEME_WEB_SOURCE_DIR}/src/*.ts ${MNEME_WEB_SOURCE_DIR}/src/*.css ${MNEME_WEB_SOURCE_DIR}/index.html
       ${MNEME_WEB_SOURCE_DIR}/favicon.svg)
  set(MNEME_WEB_BUNDLE ${MNEME_WEB_BUNDLE_DIR}/index.html ${MNEME_WEB_BUNDLE_DIR}/app.js
                       ${MNEME_WEB_BUNDLE_DIR}/app.css ${MNEME_WEB_BUNDLE_DIR}/favicon.svg)
  add_custom_command(
    OUTPUT ${MNEME_WEB_BUNDLE}
    COMMAND ${MNEME_NODE} build.mjs ${MNEME_WEB_BUNDLE_DIR}
    WORKING_DIRECTORY ${MNEME_WEB_SOURCE_DIR}
    DEPENDS ${MNEME_WEB_NODE_MODULES_STAMP} ${MNEME_WEB_SOURCES} ${MNEME_WEB_SOURCE_DIR}/build.mjs
            ${MNEME_WEB_SOURCE_DIR}/tsconfig.json
    COMMENT "esbuild: bundling the web front end")
else()
  message(WARNING "node or npm not found: mneme serve will only say that its front end was not "
                  "built (scripts/install-deps.sh installs them)")
  set(MNEME_WEB_BUNDLE ${MNEME_WEB_BUNDLE_DIR}/index.html)
  file(WRITE ${MNEME_WEB_BUNDLE_DIR}/index.html
       "<!doctype html><title>mneme</title><p>This mneme was built without node and npm, so its "
       "graphical front end is missing. Run scripts/install-deps.sh and rebuild.</p>\n")
endif()

add_custom_command(
  OUTPUT ${MNEME_WEB_ASSETS_SOURCE}
  COMMAND ${CMAKE_COMMAND} -DINPUT_DIR=${MNEME_WEB_BUNDLE_DIR} -DOUTPUT=${MNEME_WEB_ASSETS_SOURCE}
          -P ${PROJECT_SOURCE_DIR}/cmake/embed_web_assets.cmake
  DEPENDS ${MNEME_WEB_BUNDLE} ${PROJECT_SOURCE_DIR}/cmake/embed_web_assets.cmake
  COMMENT "embedding the web front end")
