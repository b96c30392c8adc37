package org.iosched.spark;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.iosched.runner.scenario.Axis;
import org.iosched.runner.scenario.MetricSpec;
import org.iosched.runner.scenario.RunOutcome;
import org.iosched.runner.scenario.ScenarioPlan;
import org.iosched.runner.scenario.Setting;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One row per run, for Spark SQL or pandas: {@code run} (its place in the plan), {@code row}, {@code label},
 * {@code axis_<name>} (the variant label of each axis), {@code scheduler}, {@code device}, {@code seed},
 * {@code settings} (the row's settings as given, key to value), {@code metric_<label>} (each metric's value,
 * null where the run had nothing to measure) and {@code notices}. Axis names and metric labels keep letters,
 * digits and {@code _}; other characters become {@code _} ({@code max lat (ms)}: {@code metric_max_lat_ms}),
 * and a name taken twice gets {@code _2}, {@code _3}.
 */
final class RunsTable {
    private RunsTable() {
    }

    /** The schema for {@code plan}'s axes and metrics. */
    static StructType schema(ScenarioPlan plan) {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("run", DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField("row", DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField("label", DataTypes.StringType, false));
        Set<String> taken = new HashSet<>(List.of("run", "row", "label", "scheduler", "device", "seed", "settings",
                "notices"));
        for (Axis axis : plan.scenario().axes()) {
            fields.add(DataTypes.createStructField(column("axis_", axis.name(), taken), DataTypes.StringType, false));
        }
        fields.add(DataTypes.createStructField("scheduler", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("device", DataTypes.StringType, false));
        fields.add(DataTypes.createStructField("seed", DataTypes.LongType, false));
        fields.add(DataTypes.createStructField("settings",
                DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType, false), false));
        for (MetricSpec metric : plan.scenario().metrics()) {
            fields.add(DataTypes.createStructField(column("metric_", metric.label(), taken), DataTypes.DoubleType,
                    true));
        }
        fields.add(DataTypes.createStructField("notices", DataTypes.createArrayType(DataTypes.StringType, false),
                false));
        return DataTypes.createStructType(fields);
    }

    /** The runs of {@code plan} with their outcomes (in plan order) as a data set. */
    static Dataset<Row> of(SparkSession spark, ScenarioPlan plan, List<RunOutcome> outcomes) {
        List<Row> rows = new ArrayList<>(outcomes.size());
        int seeds = plan.seeds().size();
        List<Axis> axes = plan.scenario().axes();
        int metrics = plan.scenario().metrics().size();
        for (int r = 0; r < plan.rows().size(); r++) {
            ScenarioPlan.Row row = plan.rows().get(r);
            Map<String, String> settings = new LinkedHashMap<>();
            for (Setting s : row.settings()) {
                settings.put(s.key(), s.value());
            }
            for (int s = 0; s < seeds; s++) {
                int index = r * seeds + s;
                RunOutcome outcome = outcomes.get(index);
                List<Object> values = new ArrayList<>(9 + axes.size() + metrics);
                values.add(index);
                values.add(r);
                values.add(row.row().label());
                for (Axis axis : axes) {
                    values.add(row.row().variants().get(axis.name()));
                }
                values.add(row.row().scheduler().name());
                values.add(row.row().device().name());
                values.add(plan.seeds().get(s));
                values.add(CollectionConverters.asScala(settings));
                for (int m = 0; m < metrics; m++) {
                    double v = outcome.value(m);
                    values.add(Double.isNaN(v) ? null : v);
                }
                values.add(CollectionConverters.asScala(outcome.notices()).toSeq());
                rows.add(RowFactory.create(values.toArray()));
            }
        }
        return spark.createDataFrame(rows, schema(plan));
    }

    /** {@code prefix} and {@code name} with characters other than letters, digits and _ replaced; unique. */
    static String column(String prefix, String name, Set<String> taken) {
        StringBuilder b = new StringBuilder(prefix);
        boolean underscore = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
            if (plain) {
                b.append(c);
                underscore = c == '_';
            } else if (!underscore) {
                b.append('_');
                underscore = true;
            }
        }
        while (b.length() > prefix.length() && b.charAt(b.length() - 1) == '_') {
            b.setLength(b.length() - 1);
        }
        String base = b.toString();
        String column = base;
        for (int n = 2; !taken.add(column); n++) {
            column = base + "_" + n;
        }
        return column;
    }
}
