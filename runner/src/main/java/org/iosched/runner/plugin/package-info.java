/**
 * Plugin discovery: schedulers, devices, workloads and controllers found with {@link java.util.ServiceLoader} on
 * the class path and in every jar of the plugins directory, each jar with a class loader of its own
 * ({@link org.iosched.runner.plugin.PluginDiscovery}), listed in a deterministic order
 * ({@link org.iosched.runner.plugin.PluginCatalog}) and bound by name in Guice
 * ({@link org.iosched.runner.plugin.PluginModule}), so that the rest of the runner asks for a map of providers
 * and never sees discovery. Built-in and third-party plugins are found the same way.
 *
 * <p>Uses only the runner's logging ({@link org.iosched.runner.RunnerLog}).
 */
package org.iosched.runner.plugin;
