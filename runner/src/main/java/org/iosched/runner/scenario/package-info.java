/**
 * Scenarios: a YAML file of an experiment ({@link org.iosched.runner.scenario.ScenarioParser}) expanded into a
 * matrix of rows over axes of variants ({@code ScenarioMatrix}), checked and planned once per seed
 * ({@link org.iosched.runner.scenario.ScenarioPlanner}), run as independent simulations
 * ({@link org.iosched.runner.scenario.ScenarioRunner}) and reported as one comparison table beside the seed thread's
 * numbers, as text, Markdown, CSV or JSON ({@link org.iosched.runner.scenario.ScenarioReport}). A (row, seed) is
 * plain serializable data ({@link org.iosched.runner.scenario.ScenarioRun},
 * {@link org.iosched.runner.scenario.RunOutcome}) so that Spark runs the same plan.
 *
 * <p>Uses the runner's run services and {@code report}; charts and the HTML page are {@code plot}'s. Internal: the
 * YAML reading ({@code YamlTreeReader}, {@code YamlNode}, {@code MappingFields}), {@code AxisValues} and
 * {@code JobSelector}.
 */
package org.iosched.runner.scenario;
